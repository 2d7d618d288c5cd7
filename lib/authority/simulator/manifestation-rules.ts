import type { SimulatorDocument } from "@prisma/client";
import type { Refusal } from "./event-rules";

// The recipient's manifestation (Manifestação do Destinatário, NT 2012.002 and
// MOC 7.0 Anexo II, events 2102xx registered by the Ambiente Nacional, cOrgao
// 91): only the recipient may manifest; ciência (210210) is not conclusive and
// comes at most once, never after a conclusive one (655); a conclusive
// manifestation (210200 confirmação, 210220 desconhecimento, 210240 operação
// não realizada) is not repeated; 210240 needs its justification (595); none
// on a denied NF-e, and no ciência or confirmação on a cancelled one (650);
// a conclusive one within 180 days of the authorization (596).

export const MANIFESTATION_EVENTS = ["210200", "210210", "210220", "210240"] as const;
export const CONCLUSIVE_DEADLINE_MS = 180 * 24 * 60 * 60 * 1000;
const CIENCIA = "210210";

export function isManifestation(tpEvento: string): boolean {
  return (MANIFESTATION_EVENTS as readonly string[]).includes(tpEvento);
}

export function applyManifestationRules(
  document: SimulatorDocument,
  recipient: string,
  prior: { eventType: string }[],
  event: { tpEvento: string; author: string; cOrgao: string; justification: string },
  now: Date,
): Refusal | null {
  if (event.cOrgao !== "91") return { cStat: "489", xMotivo: "Rejeição: Evento de Manifestação do Destinatário deve ser enviado ao Ambiente Nacional (cOrgao 91)" };
  if (!recipient || event.author !== recipient) return { cStat: "575", xMotivo: "Rejeição: O autor do evento diverge do destinatário da NF-e" };
  const manifested = prior.filter((p) => isManifestation(p.eventType));
  const conclusive = manifested.some((p) => p.eventType !== CIENCIA);
  if (event.tpEvento === CIENCIA) {
    if (document.status !== "AUTHORIZED") return { cStat: "650", xMotivo: 'Rejeição: Evento de "Ciência da Emissão" para NF-e Cancelada ou Denegada' };
    if (conclusive) return { cStat: "655", xMotivo: "Rejeição: Evento de Ciência da Emissão informado após a manifestação final do destinatário" };
    if (manifested.length > 0) return { cStat: "573", xMotivo: "Rejeição: Duplicidade de Evento" };
    return null;
  }
  if (document.status === "DENIED" || (document.status === "CANCELLED" && event.tpEvento === "210200")) {
    return { cStat: "650", xMotivo: "Rejeição: Evento de Manifestação do Destinatário para NF-e Cancelada ou Denegada" };
  }
  if (conclusive) return { cStat: "573", xMotivo: "Rejeição: Duplicidade de Evento [manifestação conclusiva já registrada]" };
  if (event.tpEvento === "210240" && !event.justification) return { cStat: "595", xMotivo: "Rejeição: Obrigatória a informação da justificativa do evento." };
  if (now.getTime() - document.receivedAt.getTime() > CONCLUSIVE_DEADLINE_MS) return { cStat: "596", xMotivo: "Rejeição: Evento apresentado após o prazo permitido para o evento" };
  return null;
}
