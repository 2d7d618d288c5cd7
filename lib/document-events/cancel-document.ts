import { db } from "@/lib/db/client";
import { cancelNfse } from "./cancel-nfse";
import { cancelAbrasfNfse } from "./cancel-abrasf-nfse";
import { isAbrasf, isPaulistana, nfseProviderFor } from "@/lib/authority/nfse-providers";
import { cancelPaulistanaNfse } from "./cancel-paulistana-nfse";
import { DomainError } from "@/lib/errors";
import { assertAuthorized, assertCancelDeadline } from "./rules";
import type { CancelDocumentInput, CancelDocumentResponse } from "./schemas";
import { authorityRejected, sendDocumentEvent } from "./send-event";
import { recordEventOutcome } from "./record-event-outcome";
import { recordAnswer, withDocumentEventCall } from "./with-document-event-call";

const ALREADY_CANCELLED = new Set(["218", "573"]);

/**
 * POST /v1/fiscal-documents/{id}/cancel: event 110111, synchronous. On
 * registration the document becomes CANCELLED with the event, its XML and the
 * document.cancelled outcome in one transaction.
 */
export async function cancelDocument(input: { companyId: string; documentId: string; body: CancelDocumentInput; now?: Date }): Promise<CancelDocumentResponse> {
  const now = input.now ?? new Date();
  // NFS-e: event e101101 at Sefin Nacional (cancel-nfse.ts), under the same authority-call claim.
  const type = await db.fiscalDocument.findFirst({ where: { id: input.documentId, companyId: input.companyId }, select: { type: true, accessKey: true, nfseNumber: true, issueDateTime: true, company: { select: { municipalityCode: true } } } });
  // A city's own NFS-e (ABRASF 2.04, issue 57) has the city's number and no national access key.
  const city = type?.type === "NFSE" && !type.accessKey && type.nfseNumber ? nfseProviderFor(type.company.municipalityCode, type.issueDateTime) : null;
  if (city && isAbrasf(city)) {
    return cancelAbrasfNfse({ companyId: input.companyId, documentId: input.documentId, justification: input.body.justification, reasonCode: input.body.nfseReasonCode, now }, city);
  }
  if (city && isPaulistana(city)) {
    return cancelPaulistanaNfse({ companyId: input.companyId, documentId: input.documentId, justification: input.body.justification, reasonCode: input.body.nfseReasonCode, now }, city);
  }
  if (type?.type === "NFSE") {
    return cancelNfse({ companyId: input.companyId, documentId: input.documentId, justification: input.body.justification, reasonCode: input.body.nfseReasonCode, now });
  }
  // 110111 has no reason code (MOC 4.00): refusing it beats silently dropping what the caller meant to send.
  if (type && input.body.nfseReasonCode !== undefined) {
    throw new DomainError(422, "cancellation_reason_not_allowed", "nfseReasonCode applies to NFSE documents only: the NF-e/NFC-e cancellation (110111) carries only the justification");
  }
  const outcome = await withDocumentEventCall(input.companyId, input.documentId, async ({ document, company, recovered }) => {
    // An earlier attempt's cancellation, registered upstream but never recorded here, was just recorded.
    const earlier = recovered("CANCELLATION");
    if (earlier?.sent) return earlier.sent;
    assertAuthorized(document.status, "be cancelled");
    // NT 2020.007: a registered delivery receipt must be cancelled (110131) first.
    if (document.deliveryReceiptActive) {
      throw new DomainError(422, "delivery_receipt_registered", "The document has a delivery receipt registered; cancel the receipt (DELETE delivery-receipt) before cancelling the document");
    }
    assertCancelDeadline(document.type, document.authorizationDate, now);
    if (!document.protocolNumber) throw new DomainError(422, "invalid_status", "The document has no authorization protocol");

    // A cancellation is sent once per document (nSeqEvento 1, MOC 4.00 item 5.8.2).
    const sent = await sendDocumentEvent({
      company,
      document,
      sequence: 1,
      detail: { tpEvento: "110111", protocol: document.protocolNumber, reason: input.body.justification },
      now,
      // A 573 whose event the authority lists is taken with its protocol (sendDocumentEvent).
      recoverLostAnswer: true,
      intent: { kind: "CANCELLATION", details: { justification: input.body.justification } },
    });
    // 218 (already cancelled) or 573 (this very event already registered) means
    // an earlier attempt whose answer was lost did cancel it: follow the authority.
    const alreadyCancelled = sent.kind === "refused" && ALREADY_CANCELLED.has(sent.cStat);
    // The answer is recorded first thing, in one short transaction with the new state.
    await recordAnswer((tx) =>
      recordEventOutcome(
        tx,
        document,
        { kind: "CANCELLATION", eventCode: "110111", sequence: 1, sent, details: { justification: input.body.justification } },
        { takeEffect: sent.kind === "registered" || alreadyCancelled, now },
      ),
    );
    return sent;
  });
  if (outcome.kind === "refused" && !ALREADY_CANCELLED.has(outcome.cStat)) throw authorityRejected(outcome);
  if (outcome.kind === "refused") {
    return { success: true, message: `The tax authority already had this document cancelled (${outcome.cStat} - ${outcome.reason}); it is now CANCELLED here too` };
  }
  return { success: true, message: `Document cancelled; protocol ${outcome.protocol}` };
}
