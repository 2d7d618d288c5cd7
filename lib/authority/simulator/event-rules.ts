import type { SimulatorDocument } from "@prisma/client";
import { REFORM_EVENT_DESCRIPTIONS } from "@/lib/fiscal/nfe/build-reform-event";
import { DENIED_IN_DATABASE } from "./denials";

// The rules the simulator applies to each event type against the stored
// NF-e. Deadlines: cancellation within 24 h of authorization for NF-e (MOC
// 4.0 and Ajuste SINIEF 07/05, cl. 12ª) and 30 minutes for NFC-e (the rule
// most states apply, MOC NFC-e); correction letter within 30 days (our API
// spec, api.md rule 2) and sequences 1..20 (schema e110110 and NT 2011.004).

export const CANCELLATION_DEADLINE_MS = { 55: 24 * 60 * 60 * 1000, 65: 30 * 60 * 1000 } as const;
export const CORRECTION_DEADLINE_MS = 30 * 24 * 60 * 60 * 1000;
export const CORRECTION_MAX_SEQUENCE = 20;

export const EVENT_DESCRIPTIONS: Record<string, string> = {
  "110110": "Carta de Correcao",
  "110111": "Cancelamento",
  "110112": "Cancelamento por substituicao",
  "110130": "Comprovante de Entrega da NF-e",
  "110131": "Cancelamento Comprovante de Entrega da NF-e",
  "210200": "Confirmacao da Operacao",
  // The fisco's registrations of an MDF-e naming the NF-e (fisco-events.ts).
  "610610": "MDF-e Autorizado",
  "610611": "MDF-e Cancelado",
  "210210": "Ciencia da Operacao",
  "210220": "Desconhecimento da Operacao",
  "210240": "Operacao nao Realizada",
  // The reform events' descriptions, cut to xEvento's 60 characters (leiauteEvento TRetEvento).
  ...Object.fromEntries(Object.entries(REFORM_EVENT_DESCRIPTIONS).map(([code, text]) => [code, text.slice(0, 60).trimEnd()])),
};

export type EventRequest = {
  tpEvento: string;
  nSeqEvento: number;
  /** substitute: the NFC-e named by chNFeRef (110112), null when the authority has no such key. */
  detail: { nProt?: string; nProtEvento?: string; substitute?: SimulatorDocument | null };
};

// Cancelamento por substituição (MOC 7.0, 5.9.3, rules 5P31): the substitute must
// exist, not be denied or cancelled, be issued in contingency, within 2 hours of
// the cancelled one's dhEmi, and carry the same total.
const SUBSTITUTE_MAX_GAP_MS = 2 * 60 * 60 * 1000;
const tag = (xml: string, name: string) => new RegExp(`<(?:\\w+:)?${name}>([^<]*)<`).exec(xml)?.[1] ?? "";

function substitutionRefusal(document: SimulatorDocument, substitute: SimulatorDocument | null | undefined): Refusal | null {
  if (!substitute) return { cStat: "912", xMotivo: "Rejeição: NF-e Substituta inexistente" };
  if (substitute.status === "DENIED" || substitute.status === "CANCELLED") return { cStat: "913", xMotivo: "Rejeição: NF-e Substituta Denegada ou Cancelada" };
  const gap = Math.abs(Date.parse(tag(substitute.xml ?? "", "dhEmi")) - Date.parse(tag(document.xml ?? "", "dhEmi")));
  if (!(gap <= SUBSTITUTE_MAX_GAP_MS)) return { cStat: "914", xMotivo: "Rejeição: Data de emissão da NF-e Substituta maior que 2 horas da data de emissão da NF-e a ser cancelada" };
  if (tag(substitute.xml ?? "", "vNF") !== tag(document.xml ?? "", "vNF")) return { cStat: "915", xMotivo: "Rejeição: Valor total da NF-e Substituta difere do valor da NF-e a ser cancelada" };
  if (substitute.accessKey.charAt(34) === "1") return { cStat: "921", xMotivo: "Rejeição: Tipo de emissão da NF-e substituta deve ser de contingência" };
  return null;
}
export type Refusal = { cStat: string; xMotivo: string };
/** What the event does to the stored document when it is registered. */
export type EventEffect = { status?: "CANCELLED"; deliveryReceipt?: boolean };

type Prior = { eventType: string; sequence: number; protocol: string }[];

const NEEDS_AUTHORIZED: Refusal = { cStat: "580", xMotivo: "Rejeição: O evento exige uma NF-e autorizada" };

export function applyEventRules(document: SimulatorDocument, prior: Prior, event: EventRequest, now: Date): Refusal | EventEffect {
  // A denied NF-e takes no event: its number is spent and it was never authorized.
  if (document.status === "DENIED") return { ...DENIED_IN_DATABASE };
  const age = now.getTime() - document.receivedAt.getTime();
  if (prior.some((p) => p.eventType === event.tpEvento && p.sequence === event.nSeqEvento)) {
    return { cStat: "573", xMotivo: "Rejeição: Duplicidade de Evento" };
  }
  switch (event.tpEvento) {
    case "110111": {
      if (document.status === "CANCELLED") return { cStat: "218", xMotivo: "Rejeição: NF-e já está cancelada na base de dados da SEFAZ" };
      if (event.detail.nProt !== document.protocol) return { cStat: "222", xMotivo: "Rejeição: Protocolo de Autorização de Uso difere do cadastrado" };
      // A registered delivery receipt blocks cancellation until it is itself cancelled (NT 2020.007).
      if (document.deliveryReceipt) return { cStat: "221", xMotivo: "Rejeição: NF-e com Comprovante de Entrega registrado; cancele o comprovante (110131) antes" };
      const deadline = CANCELLATION_DEADLINE_MS[document.model === 65 ? 65 : 55];
      if (age > deadline) return { cStat: "220", xMotivo: "Rejeição: Prazo de Cancelamento superior ao previsto na Legislação" };
      return { status: "CANCELLED" };
    }
    case "110112": {
      // An NFC-e event: the NF-e has no offline contingency to substitute it.
      if (document.model !== 65) return { cStat: "491", xMotivo: "Rejeição: O tpEvento informado inválido" };
      if (document.status === "CANCELLED") return { cStat: "218", xMotivo: "Rejeição: NF-e já está cancelada na base de dados da SEFAZ" };
      if (event.detail.nProt !== document.protocol) return { cStat: "222", xMotivo: "Rejeição: Protocolo de Autorização de Uso difere do cadastrado" };
      // No 30-minute deadline: the substitution happens when the authority is back (MOC 7.0, 5.9.3 has no deadline rule for 110112).
      return substitutionRefusal(document, event.detail.substitute) ?? { status: "CANCELLED" };
    }
    case "110110": {
      if (document.status !== "AUTHORIZED") return NEEDS_AUTHORIZED;
      if (event.nSeqEvento > CORRECTION_MAX_SEQUENCE) return { cStat: "594", xMotivo: "Rejeição: O número de sequencia do evento informado é maior que o permitido" };
      if (age > CORRECTION_DEADLINE_MS) return { cStat: "501", xMotivo: "Rejeição: Pedido intempestivo (Carta de Correção após 30 dias da autorização)" };
      return {};
    }
    case "110130": {
      if (document.status !== "AUTHORIZED") return NEEDS_AUTHORIZED;
      if (document.deliveryReceipt) return { cStat: "573", xMotivo: "Rejeição: Duplicidade de Evento [Comprovante de Entrega já registrado]" };
      return { deliveryReceipt: true };
    }
    case "110131": {
      if (!document.deliveryReceipt) return { ...NEEDS_AUTHORIZED, xMotivo: "Rejeição: Não há Comprovante de Entrega registrado para a NF-e" };
      const receipt = [...prior].reverse().find((p) => p.eventType === "110130");
      if (receipt && event.detail.nProtEvento !== receipt.protocol) {
        return { cStat: "222", xMotivo: "Rejeição: Protocolo do evento de Comprovante de Entrega difere do cadastrado" };
      }
      return { deliveryReceipt: false };
    }
    default:
      return { cStat: "491", xMotivo: "Rejeição: O tpEvento informado é inválido" };
  }
}

export function isRefusal(outcome: Refusal | EventEffect): outcome is Refusal {
  return "cStat" in outcome;
}
