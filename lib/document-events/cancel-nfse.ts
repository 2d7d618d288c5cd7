import type { Company, FiscalDocument } from "@prisma/client";
import { getNfseAuthority, type NfseAuthority } from "@/lib/authority";
import { loadSigningCredentials } from "@/lib/certificates";
import { DomainError } from "@/lib/errors";
import { localDateTime } from "@/lib/fiscal/nfe/format";
import { buildSignedCancellation, CANCELLATION_EVENT, DEFAULT_CANCELLATION_REASON, type CancellationReasonCode } from "@/lib/fiscal/nfse";
import { assertAuthorized } from "./rules";
import type { CancelDocumentResponse } from "./schemas";
import { recordEventIntent } from "./intents";
import { NFSE_CANCELLATION_SEQUENCE, recordNfseCancellation, registeredCancellation, type NfseCancellationOutcome } from "./nfse-cancellation-record";
import { recordAnswer, withDocumentEventCall } from "./with-document-event-call";

// E0840: an event already linked to the NFS-e forbids a cancellation (Anexo II,
// RN EVENTOSxEVENTOS): our own cancellation, but also a substitution, a
// taker's confirmation, a pending fiscal analysis or a block by the municipality.
const EVENT_BLOCKED = "E0840";

export type AuthorityFor = (environment: "PRODUCTION" | "HOMOLOGATION") => NfseAuthority;


/**
 * Cancellation of an NFS-e (event e101101 at Sefin Nacional, synchronous),
 * under the document's authority-call claim like the NF-e events
 * (withDocumentEventCall: one event of a document at a time, the company's
 * AUTHORITY_CALLS_PER_COMPANY bound, no transaction or row lock held during
 * the call). The answer is recorded first thing in one short transaction.
 * E0840 on a document still AUTHORIZED here is resolved by asking Sefin for
 * the cancellation it holds (GET …/eventos/101101/1): if there is one, an
 * earlier attempt registered it and its answer (or our record of it) was
 * lost, so it is adopted with its own Id, reason and date; if there is none,
 * another event blocks the cancellation and the refusal stands.
 * No national deadline: the municipality's limits come back as refusals (E0822…).
 */
export async function cancelNfse(
  input: { companyId: string; documentId: string; justification: string; reasonCode?: CancellationReasonCode; now?: Date },
  authorityFor: AuthorityFor = getNfseAuthority,
): Promise<CancelDocumentResponse> {
  const now = input.now ?? new Date();
  const reasonCode = input.reasonCode ?? DEFAULT_CANCELLATION_REASON;
  const outcome = await withDocumentEventCall(input.companyId, input.documentId, async ({ document, company, recovered }) => {
    if (document.type !== "NFSE") throw new Error("cancelNfse is for NFSE documents");
    // An earlier attempt's cancellation, registered at Sefin but never recorded here, was just recorded.
    const earlier = recovered("CANCELLATION");
    if (earlier) return { kind: "registered", recovered: true, protocol: earlier.protocol } as const;
    assertAuthorized(document.status, "be cancelled");
    if (!document.accessKey) throw new DomainError(422, "invalid_status", "The document has no access key");
    const sent = await sendCancellation({ document, company, reasonCode, justification: input.justification, now }, authorityFor);
    await recordAnswer((tx) => recordNfseCancellation(tx, document, sent, { justification: input.justification, reasonCode, now }));
    return sent;
  });
  if (outcome.kind === "refused") throw new DomainError(422, "authority_rejected", `${outcome.code} - ${outcome.reason}`);
  if (outcome.recovered) return { success: true, message: `Sefin Nacional already held this NFS-e's cancellation (event ${outcome.protocol ?? "without Id"}); it is now CANCELLED here too` };
  return { success: true, message: `NFS-e cancelled; event ${outcome.protocol ?? "registered"}` };
}

async function sendCancellation(
  input: { document: FiscalDocument; company: Company; reasonCode: CancellationReasonCode; justification: string; now: Date },
  authorityFor: AuthorityFor,
): Promise<NfseCancellationOutcome> {
  const { document, company } = input;
  const accessKey = document.accessKey!;
  const credentials = await loadSigningCredentials(document.companyId);
  const certificate = { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem, chainPem: credentials.chainPem };
  const request = buildSignedCancellation(
    { environment: document.environment, accessKey, authorCnpj: company.cnpj, requestedAt: localDateTime(input.now, company.state), reasonCode: input.reasonCode, justification: input.justification },
    credentials,
  );
  const authority = authorityFor(document.environment);
  // The intent is committed before the call (intents.ts): a crash before the recording is finished by asking Sefin.
  const intentId = await recordEventIntent({
    document,
    intent: { kind: "CANCELLATION", details: { justification: input.justification, cMotivo: input.reasonCode } },
    eventCode: CANCELLATION_EVENT,
    sequence: NFSE_CANCELLATION_SEQUENCE,
    requestXml: request.xml,
    now: input.now,
  });
  const answer = await authority.registerEvent(document.environment, accessKey, request.xml, certificate);
  if (answer.kind === "communication_failure") throw unavailable(answer.reason);
  if (answer.kind === "authorized") return { ...registeredCancellation(answer.eventXml, answer.processedAt, { ...input, requestXml: request.xml }, false), intentId };
  if (answer.code !== EVENT_BLOCKED) return { kind: "refused", code: answer.code, reason: answer.reason, requestXml: request.xml, intentId };
  const held = await authority.getEvent(document.environment, accessKey, CANCELLATION_EVENT, NFSE_CANCELLATION_SEQUENCE, certificate);
  if (held.kind === "authorized") return { ...registeredCancellation(held.eventXml, held.processedAt, { ...input, requestXml: request.xml }, true), intentId };
  if (held.kind === "not_found") return { kind: "refused", code: answer.code, reason: answer.reason, requestXml: request.xml, intentId };
  // Sefin said an event blocks the cancellation but we could not learn which: the outcome is unknown.
  throw unavailable(held.kind === "communication_failure" ? held.reason : `${held.code} - ${held.reason}`);
}

function unavailable(reason: string): DomainError {
  return new DomainError(503, "authority_unavailable", `Sefin Nacional could not be reached: ${reason}. The outcome is unknown; try again later`, { "retry-after": "30" });
}

