import type { Prisma, ReceivedDocument } from "@prisma/client";
import { recordReceivedDocumentEvent } from "@/lib/events/received-document-outcome";
import { resolveEventIntent } from "./intents";
import type { EventSent } from "./send-event";

/**
 * Records the recipient's registered event on a received NF-e (a reform event or its 110001,
 * NT 2025.002-RTC item 8), in the caller's transaction: the event with its procEventoNFe, the
 * received_document.updated outcome, and its intent resolved. The same for the request that sent
 * it and for the reconciler that learned it from a consultation (reconcile-intents.ts).
 */
export async function recordReceivedEvent(
  tx: Prisma.TransactionClient,
  document: Pick<ReceivedDocument, "id">,
  event: { eventCode: string; sequence: number; sent: Extract<EventSent, { kind: "registered" }>; details: Prisma.InputJsonObject },
) {
  const { sent } = event;
  const row = await tx.receivedDocumentEvent.create({
    data: { receivedDocumentId: document.id, eventType: event.eventCode, sequence: event.sequence, protocol: sent.protocol, registeredAt: sent.registeredAt, xml: sent.procEventoXml, author: "RECIPIENT", details: event.details },
  });
  const touched = await tx.receivedDocument.update({ where: { id: document.id }, data: { updatedAt: new Date() } });
  await recordReceivedDocumentEvent(tx, touched, "event_registered", { id: row.id, type: row.eventType, sequence: row.sequence, protocol: row.protocol, author: "RECIPIENT" });
  if (sent.intentId) await resolveEventIntent(tx, sent.intentId, { status: "RECORDED", eventId: row.id });
  return row;
}
