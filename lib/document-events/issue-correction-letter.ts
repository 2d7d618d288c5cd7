import type { FiscalDocument, Prisma } from "@prisma/client";
import { db } from "@/lib/db/client";
import { extractElement } from "@/lib/fiscal/nfe";
import { MAX_CORRECTIONS, assertAuthorized, assertCorrectionAllowed } from "./rules";
import type { CorrectionLetterInput, CorrectionLetterResponse } from "./schemas";
import { authorityRejected, sendDocumentEvent, type EventSent } from "./send-event";
import { resolveEventIntent } from "./intents";
import { recordEvent } from "./record-event";
import { recordAnswer, withDocumentEventCall } from "./with-document-event-call";

// 573 "Duplicidade de Evento": this sequence is already registered, by an
// earlier attempt whose answer was lost.
const DUPLICATE_EVENT = "573";

/**
 * POST /v1/fiscal-documents/{id}/correction-letter: event 110110. Each letter
 * replaces the previous one at the authority and takes the next nSeqEvento
 * (1..20, NT 2011.004); refused letters do not use up a sequence. When the
 * sequence turns out to be registered already (an answer, or our record of
 * it, was lost), the key is consulted and the letter the authority holds is
 * adopted with its protocol and text (kept without protocol when not listed);
 * if it was this very text the call ends there, else the text is sent again
 * with the next sequence: our sequences always hold what the authority holds.
 */
export async function issueCorrectionLetter(input: {
  companyId: string;
  documentId: string;
  body: CorrectionLetterInput;
  now?: Date;
}): Promise<CorrectionLetterResponse> {
  const now = input.now ?? new Date();
  const correction = input.body.correction;
  const outcome = await withDocumentEventCall(input.companyId, input.documentId, async ({ document, company, recovered }) => {
    // An earlier attempt's letter with this very text, registered upstream but never recorded here, was just recorded.
    const earlier = recovered("CORRECTION_LETTER");
    if (earlier?.sent && registeredCorrectionText(earlier.sent.requestXml) === correction) return { sent: earlier.sent as EventSent, sequence: earlier.sequence };
    if (document.type !== "NFSE") assertAuthorized(document.status, "receive a correction letter");
    const previous = await db.documentEvent.aggregate({
      where: { documentId: document.id, companyId: input.companyId, kind: "CORRECTION_LETTER", outcome: "AUTHORIZED" },
      _max: { sequence: true },
      _count: true,
    });
    assertCorrectionAllowed({ type: document.type, authorizedAt: document.authorizationDate, authorizedCorrections: previous._count, now });
    let sequence = (previous._max.sequence ?? 0) + 1;
    const send = () => sendDocumentEvent({ company, document, sequence, detail: { tpEvento: "110110", correction }, now, recoverLostAnswer: true, intent: { kind: "CORRECTION_LETTER", details: { correction } } });
    let sent: EventSent = await send();
    // 573: this sequence is registered already, by an earlier attempt whose answer or record was lost.
    if (isTakenSequence(sent) && sequence < MAX_CORRECTIONS) {
      const heldText = sent.kind === "registered" ? registeredCorrectionText(sent.requestXml) : null;
      if (heldText !== null && heldText === correction) {
        // The earlier attempt was this very letter: adopt it, nothing to send again.
        await recordAnswer((tx) => recordEvent(tx, document, { kind: "CORRECTION_LETTER", eventCode: "110110", sequence, sent, details: { correction } }));
        return { sent, sequence };
      }
      const taken = sent;
      await recordAnswer((tx) => recordTakenSequence(tx, document, taken, sequence, heldText));
      sequence += 1;
      sent = await send();
    }
    await recordAnswer((tx) => recordEvent(tx, document, { kind: "CORRECTION_LETTER", eventCode: "110110", sequence, sent, details: { correction } }));
    return { sent, sequence };
  });
  if (outcome.sent.kind === "refused") throw authorityRejected(outcome.sent);
  return { success: true, sequence: outcome.sequence, protocol: outcome.sent.protocol };
}

const isTakenSequence = (sent: EventSent) => (sent.kind === "registered" && sent.recovered === true) || (sent.kind === "refused" && sent.cStat === DUPLICATE_EVENT);

/** The sequence an earlier attempt took: adopted with the authority's protocol and text when it lists it, else kept without protocol. */
async function recordTakenSequence(tx: Prisma.TransactionClient, document: FiscalDocument, sent: EventSent, sequence: number, heldText: string | null) {
  if (sent.kind === "registered") {
    return recordEvent(tx, document, { kind: "CORRECTION_LETTER", eventCode: "110110", sequence, sent, details: heldText === null ? {} : { correction: heldText } });
  }
  const row = await tx.documentEvent.create({
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
      details: {},
    },
  });
  if (sent.intentId) await resolveEventIntent(tx, sent.intentId, { status: "RECORDED", eventId: row.id });
  return row;
}

/** xCorrecao of a signed CC-e, unescaped, or null. */
function registeredCorrectionText(eventXml: string): string | null {
  const element = extractElement(eventXml, "xCorrecao");
  if (!element) return null;
  return element
    .replace(/^<xCorrecao[^>]*>/, "")
    .replace(/<\/xCorrecao>$/, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}
