import { assertAuthorized, assertCorrectionAllowed } from "./rules";
import type { CorrectionLetterInput, CorrectionLetterResponse } from "./schemas";
import { authorityRejected, sendDocumentEvent } from "./send-event";
import { recordEvent } from "./record-event";
import { withLockedDocument } from "./with-locked-document";

/**
 * POST /v1/fiscal-documents/{id}/correction-letter: event 110110. Each letter
 * replaces the previous one at the authority and takes the next nSeqEvento
 * (1..20, NT 2011.004); refused letters do not use up a sequence.
 */
export async function issueCorrectionLetter(input: {
  companyId: string;
  documentId: string;
  body: CorrectionLetterInput;
  now?: Date;
}): Promise<CorrectionLetterResponse> {
  const now = input.now ?? new Date();
  const outcome = await withLockedDocument(input.companyId, input.documentId, async ({ tx, document, company }) => {
    if (document.type !== "NFSE") assertAuthorized(document.status, "receive a correction letter");
    const previous = await tx.documentEvent.aggregate({
      where: { documentId: document.id, companyId: input.companyId, kind: "CORRECTION_LETTER", outcome: "AUTHORIZED" },
      _max: { sequence: true },
      _count: true,
    });
    assertCorrectionAllowed({ type: document.type, authorizedAt: document.authorizationDate, authorizedCorrections: previous._count, now });
    const sequence = (previous._max.sequence ?? 0) + 1;
    const sent = await sendDocumentEvent({ company, document, sequence, detail: { tpEvento: "110110", correction: input.body.correction }, now });
    await recordEvent(tx, document, { kind: "CORRECTION_LETTER", eventCode: "110110", sequence, sent, details: { correction: input.body.correction } });
    return { sent, sequence };
  });
  if (outcome.sent.kind === "refused") throw authorityRejected(outcome.sent);
  return { success: true, sequence: outcome.sequence, protocol: outcome.sent.protocol };
}
