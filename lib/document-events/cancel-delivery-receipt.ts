import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { DeliveryReceiptResponse } from "./schemas";
import { APPLICATION_VERSION, authorityRejected, sendDocumentEvent } from "./send-event";
import { recordEventOutcome } from "./record-event-outcome";
import { recordAnswer, withDocumentEventCall } from "./with-document-event-call";

/**
 * DELETE /v1/fiscal-documents/{id}/delivery-receipt: event 110131 referencing
 * the protocol of the registered receipt (NT 2020.007). Afterwards the
 * document can be cancelled or receive a new receipt.
 */
export async function cancelDeliveryReceipt(input: { companyId: string; documentId: string; now?: Date }): Promise<DeliveryReceiptResponse> {
  const outcome = await withDocumentEventCall(input.companyId, input.documentId, async ({ document, company, recovered }) => {
    const earlier = recovered("DELIVERY_RECEIPT_CANCELLATION");
    if (earlier?.sent) return { sent: earlier.sent, sequence: earlier.sequence };
    if (!document.deliveryReceiptActive) {
      throw new DomainError(422, "delivery_receipt_missing", "The document has no registered delivery receipt to cancel");
    }
    const receipt = await db.documentEvent.findFirst({
      where: { documentId: document.id, companyId: input.companyId, kind: "DELIVERY_RECEIPT", outcome: "AUTHORIZED" },
      orderBy: { sequence: "desc" },
    });
    if (!receipt?.protocol) throw new DomainError(422, "delivery_receipt_missing", "The registered delivery receipt has no protocol");
    const sequence = (await db.documentEvent.count({ where: { documentId: document.id, companyId: input.companyId, kind: "DELIVERY_RECEIPT_CANCELLATION", outcome: "AUTHORIZED" } })) + 1;
    const sent = await sendDocumentEvent({
      company,
      document,
      sequence,
      detail: { tpEvento: "110131", applicationVersion: APPLICATION_VERSION, receiptProtocol: receipt.protocol },
      now: input.now,
      recoverLostAnswer: true,
      intent: { kind: "DELIVERY_RECEIPT_CANCELLATION", details: { receiptProtocol: receipt.protocol } },
    });
    const receiptProtocol = receipt.protocol;
    await recordAnswer((tx) => recordEventOutcome(tx, document, { kind: "DELIVERY_RECEIPT_CANCELLATION", eventCode: "110131", sequence, sent, details: { receiptProtocol } }));
    return { sent, sequence };
  });
  if (outcome.sent.kind === "refused") throw authorityRejected(outcome.sent);
  return { success: true, message: "Delivery receipt cancelled", protocol: outcome.sent.protocol, sequence: outcome.sequence };
}
