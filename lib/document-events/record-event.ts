import type { DocumentEventKind, FiscalDocument, Prisma } from "@prisma/client";
import type { EventSent } from "./send-event";

/**
 * Keeps what the authority said about an event, registered or refused, with
 * the signed request and the procEventoNFe (or the refusal answer): the
 * document's timeline and its legal record.
 */
export async function recordEvent(
  tx: Prisma.TransactionClient,
  document: Pick<FiscalDocument, "id" | "companyId">,
  event: { kind: DocumentEventKind; eventCode: string; sequence: number; sent: EventSent; details?: Prisma.InputJsonObject },
) {
  const { sent } = event;
  return tx.documentEvent.create({
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
}
