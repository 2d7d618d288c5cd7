import type { Prisma } from "@prisma/client";
import { MAX_CORRECTIONS, assertAuthorized, assertCorrectionAllowed } from "./rules";
import type { CorrectionLetterInput, CorrectionLetterResponse } from "./schemas";
import { authorityRejected, sendDocumentEvent, type EventSent } from "./send-event";
import { recordEvent } from "./record-event";
import { withLockedDocument } from "./with-locked-document";

// 573 "Duplicidade de Evento": this sequence is already registered, by an
// earlier attempt whose answer was lost.
const DUPLICATE_EVENT = "573";

/**
 * POST /v1/fiscal-documents/{id}/correction-letter: event 110110. Each letter
 * replaces the previous one at the authority and takes the next nSeqEvento
 * (1..20, NT 2011.004); refused letters do not use up a sequence. When the
 * sequence turns out to be registered already (lost answer), it is kept as a
 * registered letter without protocol and the text is sent again with the next
 * sequence, so the caller gets a protocol and the authority's latest letter is
 * this one.
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
    const details: Prisma.InputJsonObject = { correction: input.body.correction };
    let sequence = (previous._max.sequence ?? 0) + 1;
    let sent: EventSent = await sendDocumentEvent({ company, document, sequence, detail: { tpEvento: "110110", correction: input.body.correction }, now });
    if (sent.kind === "refused" && sent.cStat === DUPLICATE_EVENT && sequence < MAX_CORRECTIONS) {
      await tx.documentEvent.create({
        data: {
          documentId: document.id,
          companyId: document.companyId,
          kind: "CORRECTION_LETTER",
          eventCode: "110110",
          sequence,
          outcome: "AUTHORIZED",
          cStat: sent.cStat,
          reason: `${sent.reason} (registered by an earlier attempt whose answer was lost)`,
          requestXml: sent.requestXml,
          responseXml: sent.responseXml,
          details,
        },
      });
      sequence += 1;
      sent = await sendDocumentEvent({ company, document, sequence, detail: { tpEvento: "110110", correction: input.body.correction }, now });
    }
    await recordEvent(tx, document, { kind: "CORRECTION_LETTER", eventCode: "110110", sequence, sent, details });
    return { sent, sequence };
  });
  if (outcome.sent.kind === "refused") throw authorityRejected(outcome.sent);
  return { success: true, sequence: outcome.sequence, protocol: outcome.sent.protocol };
}
