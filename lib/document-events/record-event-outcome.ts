import type { DocumentEventKind, FiscalDocument, Prisma } from "@prisma/client";
import { recordDocumentEventRegistered, recordDocumentOutcome } from "@/lib/events/record-outcome";
import { recordEvent } from "./record-event";
import type { EventSent } from "./send-event";

/**
 * Records an NF-e event's answer and what it does to the document, in the
 * caller's transaction: the same for the request that sent it and for the
 * reconciler that learned it from a consultation (intents.ts). A registered
 * cancellation makes the document CANCELLED with its document.cancelled
 * outcome; a delivery receipt and its cancellation switch deliveryReceiptActive;
 * a correction letter only adds its event; a reform event adds its document.event_registered.
 */
export async function recordEventOutcome(
  tx: Prisma.TransactionClient,
  document: Pick<FiscalDocument, "id" | "companyId">,
  event: { kind: DocumentEventKind; eventCode: string; sequence: number; sent: EventSent; details: Prisma.InputJsonObject },
  options: { takeEffect?: boolean; now?: Date } = {},
) {
  const row = await recordEvent(tx, document, event);
  const { sent } = event;
  if (!(options.takeEffect ?? sent.kind === "registered")) return row;
  switch (event.kind) {
    case "CANCELLATION": {
      const cancelled = await tx.fiscalDocument.update({
        where: { id: document.id },
        data: {
          status: "CANCELLED",
          cancellationReason: typeof event.details.justification === "string" ? event.details.justification : null,
          cancellationDate: sent.kind === "registered" ? sent.registeredAt : (options.now ?? new Date()),
          cancellationProtocol: sent.kind === "registered" ? sent.protocol : null,
        },
      });
      await recordDocumentOutcome(tx, "document.cancelled", cancelled);
      break;
    }
    case "DELIVERY_RECEIPT":
      await tx.fiscalDocument.update({ where: { id: document.id }, data: { deliveryReceiptActive: true } });
      break;
    case "DELIVERY_RECEIPT_CANCELLATION":
      await tx.fiscalDocument.update({ where: { id: document.id }, data: { deliveryReceiptActive: false } });
      break;
    // A tax-reform event (NT 2025.002-RTC) or its 110001 changes nothing on the document: its webhook only.
    case "REFORM_EVENT":
    case "REFORM_EVENT_CANCELLATION":
      await recordDocumentEventRegistered(tx, await tx.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } }), row);
      break;
    default:
      break;
  }
  return row;
}
