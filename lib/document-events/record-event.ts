import type { DocumentEventKind, FiscalDocument, Prisma } from "@prisma/client";
import { resolveEventIntent } from "./intents";
import type { EventSent } from "./send-event";

/**
 * Keeps what the authority said about an event, registered or refused, with
 * the signed request and the procEventoNFe (or the refusal answer): the
 * document's timeline and its legal record. The event's intent, recorded
 * before the call, is resolved in the same transaction.
 */
export async function recordEvent(
  tx: Prisma.TransactionClient,
  document: Pick<FiscalDocument, "id" | "companyId">,
  event: { kind: DocumentEventKind; eventCode: string; sequence: number; sent: EventSent; details?: Prisma.InputJsonObject },
) {
  const { sent } = event;
  const row = await tx.documentEvent.create({
    data: {
      documentId: document.id,
      companyId: document.companyId,
      kind: event.kind,
      eventCode: event.eventCode,
      sequence: event.sequence,
      outcome: sent.kind === "registered" ? "AUTHORIZED" : "REJECTED",
      cStat: sent.cStat,
      reason: sent.reason,
      protocol: sent.kind === "registered" ? sent.protocol : null,
      requestXml: sent.requestXml,
      responseXml: sent.kind === "registered" ? sent.procEventoXml : sent.responseXml,
      details: event.details,
      occurredAt: sent.kind === "registered" ? sent.registeredAt : new Date(),
    },
  });
  if (sent.intentId) await resolveEventIntent(tx, sent.intentId, { status: "RECORDED", eventId: row.id });
  return row;
}
