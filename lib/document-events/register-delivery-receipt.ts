import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { deliveryProofHash } from "@/lib/fiscal/nfe";
import { decodeProof } from "./proof";
import { assertAuthorized } from "./rules";
import type { DeliveryReceiptInput, DeliveryReceiptResponse } from "./schemas";
import { APPLICATION_VERSION, authorityRejected, sendDocumentEvent } from "./send-event";
import { recordEventOutcome } from "./record-event-outcome";
import { recordAnswer, withDocumentEventCall } from "./with-document-event-call";

/**
 * POST /v1/fiscal-documents/{id}/delivery-receipt: event 110130 (NT 2020.007),
 * NF-e model 55 only. The authority receives the SHA-1 hash of the proof, not
 * the file; while registered the document cannot be cancelled.
 */
export async function registerDeliveryReceipt(input: {
  companyId: string;
  documentId: string;
  body: DeliveryReceiptInput;
  now?: Date;
}): Promise<DeliveryReceiptResponse> {
  const now = input.now ?? new Date();
  const { body } = input;
  const deliveredAt = new Date(body.deliveredAt);
  if (deliveredAt.getTime() > now.getTime() + 5 * 60_000) {
    throw new DomainError(400, "validation_error", "body.deliveredAt: must not be in the future");
  }
  const proof = decodeProof(body.proof);

  const outcome = await withDocumentEventCall(input.companyId, input.documentId, async ({ document, company, recovered }) => {
    const earlier = recovered("DELIVERY_RECEIPT");
    if (earlier?.sent) return { sent: earlier.sent, sequence: earlier.sequence };
    if (document.type !== "NFE") {
      throw new DomainError(422, "delivery_receipt_not_allowed", "Delivery receipts apply to NF-e (model 55) only");
    }
    assertAuthorized(document.status, "receive a delivery receipt");
    if (document.deliveryReceiptActive) {
      throw new DomainError(422, "delivery_receipt_registered", "A delivery receipt is already registered; cancel it (DELETE) before registering another");
    }
    if (!document.accessKey) throw new DomainError(422, "invalid_status", "The document has no access key");
    if (deliveredAt.getTime() < document.issueDateTime.getTime()) {
      throw new DomainError(400, "validation_error", "body.deliveredAt: must not be before the document's issue date");
    }
    const sequence = (await db.documentEvent.count({ where: { documentId: document.id, companyId: input.companyId, kind: "DELIVERY_RECEIPT", outcome: "AUTHORIZED" } })) + 1;
    // NT 2020.007: SHA-1 over the access key followed by the proof's base64.
    const hash = deliveryProofHash(document.accessKey, proof.base64);
    const details = {
      deliveredAt: deliveredAt.toISOString(),
      receiverName: body.receiverName,
      receiverDocument: body.receiverDocument,
      proofContentType: body.proof.contentType,
      proofBytes: proof.bytes.length,
      proofHash: hash,
    };
    const sent = await sendDocumentEvent({
      company,
      document,
      sequence,
      detail: {
        tpEvento: "110130",
        applicationVersion: APPLICATION_VERSION,
        deliveredAt,
        receiverDocument: body.receiverDocument,
        receiverName: body.receiverName,
        proofHash: hash,
        proofHashAt: now,
      },
      now,
      recoverLostAnswer: true,
      intent: { kind: "DELIVERY_RECEIPT", details },
    });
    await recordAnswer((tx) => recordEventOutcome(tx, document, { kind: "DELIVERY_RECEIPT", eventCode: "110130", sequence, sent, details }));
    return { sent, sequence };
  });
  if (outcome.sent.kind === "refused") throw authorityRejected(outcome.sent);
  return { success: true, message: "Delivery receipt registered", protocol: outcome.sent.protocol, sequence: outcome.sequence };
}
