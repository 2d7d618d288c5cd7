import type { SimulatorDocument } from "@prisma/client";
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
  "110130": "Comprovante de Entrega da NF-e",
  "110131": "Cancelamento Comprovante de Entrega da NF-e",
  "210200": "Confirmacao da Operacao",
  "210210": "Ciencia da Operacao",
  "210220": "Desconhecimento da Operacao",
  "210240": "Operacao nao Realizada",
};

export type EventRequest = { tpEvento: string; nSeqEvento: number; detail: { nProt?: string; nProtEvento?: string } };
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
