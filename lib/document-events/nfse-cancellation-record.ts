import type { FiscalDocument, Prisma } from "@prisma/client";
import { recordDocumentOutcome } from "@/lib/events/record-outcome";
import { CANCELLATION_EVENT, readCancellationEvent } from "@/lib/fiscal/nfse";
import { resolveEventIntent } from "./intents";

// An NFS-e cancellation's answer and how it is recorded: shared by the request (cancel-nfse.ts,
// cancel-abrasf-nfse.ts) and the reconciler (reconcile-intents.ts), which the request's call
// wrapper reaches, so it lives apart from both.

// nSeqEvento of a cancellation: there is only ever one (Anexo II).
export const NFSE_CANCELLATION_SEQUENCE = 1;

export type NfseCancellationOutcome =
  | { kind: "registered"; eventXml: string; requestXml: string; registeredAt: Date; protocol: string | null; reasonCode: string; justification: string; recovered: boolean; intentId?: string }
  | { kind: "refused"; code: string; reason: string; requestXml: string; intentId?: string };
type Outcome = NfseCancellationOutcome;

/**
 * Records Sefin's answer to a cancellation, in the caller's transaction: the event and, when
 * registered, the document CANCELLED with its document.cancelled outcome. Used by the request
 * and by the reconciler (reconcile-intents.ts); the intent, if any, is resolved with it.
 */
export async function recordNfseCancellation(
  tx: Prisma.TransactionClient,
  document: Pick<FiscalDocument, "id" | "companyId">,
  sent: NfseCancellationOutcome,
  input: { justification: string; reasonCode: string; now: Date },
  /** e101101 at Sefin Nacional; "CancelarNfse" for a city's own NFS-e (cancel-abrasf-nfse.ts). */
  eventCode: string = CANCELLATION_EVENT,
) {
  const event = await tx.documentEvent.create({
    data: {
      documentId: document.id,
      companyId: document.companyId,
      kind: "CANCELLATION",
      eventCode,
      sequence: NFSE_CANCELLATION_SEQUENCE,
      outcome: sent.kind === "registered" ? "AUTHORIZED" : "REJECTED",
      cStat: sent.kind === "registered" ? "100" : sent.code,
      reason: sent.kind === "registered" ? (sent.recovered ? "Evento de cancelamento registrado por uma tentativa anterior" : "Evento de cancelamento registrado") : sent.reason,
      protocol: sent.kind === "registered" ? sent.protocol : null,
      requestXml: sent.requestXml,
      responseXml: sent.kind === "registered" ? sent.eventXml : null,
      details: sent.kind === "registered" ? { justification: sent.justification, cMotivo: sent.reasonCode, recovered: sent.recovered } : { justification: input.justification, cMotivo: input.reasonCode },
      occurredAt: sent.kind === "registered" ? sent.registeredAt : input.now,
    },
  });
  if (sent.intentId) await resolveEventIntent(tx, sent.intentId, { status: "RECORDED", eventId: event.id });
  if (sent.kind === "refused") return;
  const cancelled = await tx.fiscalDocument.update({
    where: { id: document.id },
    data: { status: "CANCELLED", cancellationReason: sent.justification, cancellationDate: sent.registeredAt, cancellationProtocol: sent.protocol },
  });
  await recordDocumentOutcome(tx, "document.cancelled", cancelled);
}

/** Sefin's registered cancellation of an earlier attempt, read from its own XML (the reconciler's view). */
export function heldNfseCancellation(eventXml: string, processedAt: string, intent: { requestXml: string; justification: string; reasonCode: string; intentId: string }): NfseCancellationOutcome {
  return { ...registeredCancellation(eventXml, processedAt, { ...intent, now: new Date() }, true), intentId: intent.intentId };
}

/** The registered event, read from its own XML (for a recovered one, the earlier attempt's request, reason and text). */
export function registeredCancellation(eventXml: string, processedAt: string, input: { reasonCode: string; justification: string; now: Date; requestXml: string }, recovered: boolean): Outcome {
  const event = readCancellationEvent(eventXml);
  return {
    kind: "registered",
    eventXml,
    requestXml: recovered ? (event.requestXml ?? input.requestXml) : input.requestXml,
    registeredAt: parseDate(event.processedAt ?? processedAt, input.now),
    protocol: event.id,
    reasonCode: event.reasonCode ?? input.reasonCode,
    justification: event.justification ?? input.justification,
    recovered,
  };
}

function parseDate(value: string, fallback: Date): Date {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : date;
}
