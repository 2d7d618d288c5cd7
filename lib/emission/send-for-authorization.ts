import { getTaxAuthority, type AuthorityTarget, type ClientCertificate, type ConsultationResult, type TaxAuthority } from "@/lib/authority";
import { DENIED_IN_DATABASE } from "@/lib/authority/classify";
import { activeMisusePause, isMisuse, recordMisusePause, type MisusePause } from "@/lib/authority/misuse-pause";
import type { Denied } from "@/lib/authority/types";
import type { ContingencyMode } from "@prisma/client";
import { credentialsOf } from "@/lib/certificates";
import { svcOf } from "@/lib/contingency/contingency-mode";
import { recordAuthorizerCommunication } from "@/lib/contingency/communication-failures";
import { confirmOutageByStatus } from "@/lib/contingency/confirm-outage";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { fromSqlRow } from "@/lib/db/sql-models";
import { nextAttemptAtOf, type AuthorizationDenied, type AuthorizationGranted, type AwaitingRetry, type CommunicationFailed, type EmissionRun, type Paused, type SendOutcome, type StepOptions, type Superseded, type Unresolved } from "./outcomes";
import { nfceIssueTimeIsStale, refreshNfceIssueTime } from "./refresh-nfce-issue-time";
import { holdForRetry, holdProcessing, settleAuthorized, settleDenied, settleRejected, type Settled, type SettlementSource } from "./settle-emission";
import { sendNfseCounted } from "./nfse/send-nfse";
import { issueOffline } from "@/lib/emission/contingency/issue-offline";
import { registerEpec } from "@/lib/emission/contingency/issue-epec";
import { epecOfflineFallback, reissueIfInContingency, switchToEpec } from "@/lib/emission/contingency/reissue-in-contingency";
import { prepareEmission } from "./prepare-emission";
import { delayMs, reconcileDelay } from "./limits";

// cStat 204 "Duplicidade de NF-e": this very key is already authorized (MOC 4.00, Anexo I).
const DUPLICATE_SAME_KEY = "204";
// 108 "Serviço paralisado momentaneamente", 109 "… sem previsão": the batch was refused as a whole, not received.
const BATCH_NOT_RECEIVED = new Set(["108", "109"]);


export type SendSource = SettlementSource & {
  state: string;
  certificateId: string | null;
  issueDateTime: Date;
  /** Set when issued in contingency: OFFLINE (NFC-e tpEmis 9) or the SVC an NF-e is sent to. */
  contingencyMode?: ContingencyMode | null;
  contingencySince?: Date | null;
  contingencyReason?: string | null;
  /** The misuse pause in force, read by the write that counted this send (undefined: read it before sending). */
  pause?: MisusePause | null;
};

export type SendResult = Settled | Superseded | AwaitingRetry | Paused | Unresolved;

// The attempt counter is incremented by the same guarded UPDATE that reads what the
// send and the settlement need; a run that lost the document changes nothing.
const START_SEND = `
  UPDATE "FiscalDocument" d SET "emissionAttempts" = d."emissionAttempts" + 1, "updatedAt" = $4::timestamp
  FROM "Company" c
  WHERE d."id" = $1 AND d."companyId" = $2 AND d."runId" = $3 AND d."status" = 'PROCESSING' AND c."id" = d."companyId"
  RETURNING d."id", d."companyId", d."externalId", d."type", d."series", d."number", d."accessKey", d."authorizationDate", d."protocolNumber",
    d."rejectionReason", d."cancellationReason", d."totalValue", d."environment", d."signedXml", d."emissionAttempts", d."dpsId", d."issueDateTime", d."contingencyMode", d."contingencySince", d."contingencyReason", c."state",
    (SELECT k."id" FROM "Certificate" k WHERE k."companyId" = d."companyId" AND k."isActive" ORDER BY k."createdAt" DESC LIMIT 1) AS "certificateId"`;

/**
 * One send of the signed NF-e (NFeAutorizacao4) and its settlement. The
 * document is REJECTED only on a refusal that names it (a protNFe with a
 * rejection cStat, or a batch refused as a whole); anything else leaves the
 * authority possibly holding it authorized, so:
 * - every send after the first consults the access key (NFeConsultaProtocolo4)
 *   first and takes an existing protocol (the attempt counter is written
 *   before the send, so a crash makes the replay consult too); a resend
 *   answered 204 is resolved the same way;
 * - a send without a final answer (timeout, unreadable answer, 105/106 from
 *   the receipt, 108/109, 999) is followed at once by a consultation;
 * - a consultation that says 217 before a re-send of an NFC-e whose dhEmi is
 *   stale rebuilds it with a new dhEmi (refresh-nfce-issue-time.ts);
 * - a 656 pauses the company's calls to the authorizer for the hour (the
 *   document stays PROCESSING, the run waits);
 * - with sends left, PROCESSING with processingReason and nextAttemptAt and re-sent then; on the last
 *   send REJECTED communication_failure only when the authority said it did
 *   not receive it, else `unresolved`: PROCESSING, and the run reconciles.
 */
export async function sendForAuthorization(
  run: EmissionRun,
  options: StepOptions,
  authorityFor: (environment: "PRODUCTION" | "HOMOLOGATION") => TaxAuthority = getTaxAuthority,
): Promise<SendResult> {
  const pool = getPool();
  const [row] = await sql<Record<string, unknown>>(pool, START_SEND, [run.documentId, run.companyId, run.runId, utc(new Date())]);
  if (!row) {
    const [current] = await sql<{ status: string }>(pool, `SELECT "status"::text FROM "FiscalDocument" WHERE "id" = $1 AND "companyId" = $2`, [run.documentId, run.companyId]);
    return { kind: "superseded", status: current?.status ?? "missing" };
  }
  const source = fromSqlRow<SendSource & { dpsId: string | null }>("FiscalDocument", row);
  // An NFS-e resends its DPS to Sefin Nacional (after asking /dps/{id}).
  if (source.type === "NFSE") return sendNfseCounted(run, source, options);
  // Re-issued in contingency and not built yet (a crash right after the number was replaced): build it now.
  if (source.contingencyMode && !source.signedXml) return prepareAndSend(run, options);
  return sendCounted(run, source, options, authorityFor);
}

/**
 * The first attempt of an emission in one step: prepare, then send (the same
 * write stores the XML and counts the send). A replay after a crash prepares
 * again, which reuses the number and rebuilds the same XML, and then consults
 * before re-sending, as every later attempt does. It lives beside sendCounted
 * because each may lead to the other (a send re-issued in contingency is prepared again).
 */
export async function prepareAndSend(run: EmissionRun, options: StepOptions): Promise<SendResult> {
  const prepared = await prepareEmission(run, options.deferWrite);
  if (prepared.kind === "prepared_nfse") return sendNfseCounted(run, prepared.send, options);
  if (prepared.kind !== "prepared") return prepared;
  // An NFC-e issued offline is valid for the sale now; it is transmitted when the authorizer answers.
  if (prepared.send.contingencyMode === "OFFLINE") return issueOffline(run, prepared.send);
  return sendCounted(run, prepared.send, options);
}

/** The company's A1 and the authorizer of the document (state, environment, model). */
export async function authorityContext(run: EmissionRun, document: Pick<SendSource, "certificateId" | "state" | "environment" | "type" | "contingencyMode">) {
  const credentials = await credentialsOf({ id: document.certificateId!, companyId: run.companyId });
  const certificate: ClientCertificate = { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem, chainPem: credentials.chainPem };
  // An NF-e issued through an SVC (tpEmis 6/7) is sent to, and consulted at, that SVC.
  const svc = svcOf(document.contingencyMode);
  const target: AuthorityTarget = { uf: document.state, environment: document.environment, model: document.type === "NFCE" ? 65 : 55, ...(svc ? { contingency: svc } : {}) };
  return { certificate, target };
}

/** The send itself, for a document whose attempt counter already counts it (by START_SEND, or by prepareAndSend's write). */
export async function sendCounted(
  run: EmissionRun,
  document: SendSource,
  options: StepOptions,
  authorityFor: (environment: "PRODUCTION" | "HOMOLOGATION") => TaxAuthority = getTaxAuthority,
): Promise<SendResult> {
  const pool = getPool();
  // Every settlement of a send is its step's last write, made after the step's own guarded write
  // (START_SEND or prepareEmission's store) found the document this run's and PROCESSING.
  const LAST_WRITE = { deferWrite: options.deferWrite };
  if (!document.signedXml || !document.accessKey) throw new Error(`Document ${run.documentId} has no signed XML or access key to send`);
  if (!document.certificateId) {
    return settleRejected(pool, run, document, { kind: "refused", code: "certificate_missing", reason: "The company's certificate was removed before the send" }, LAST_WRITE);
  }
  // Issued offline (a replay after a crash between the store and the settlement): it is not sent now.
  if (document.contingencyMode === "OFFLINE") return issueOffline(run, document);
  // Issued in EPEC (tpEmis 4): its event is registered at the Ambiente Nacional; the NF-e goes to its authorizer later.
  // (An NFC-e in SP: at SEFAZ-SP's EPEC service; offline instead when it cannot have an EPEC or the service does not answer.)
  if (document.contingencyMode === "EPEC") return registerEpec(run, document, options, authorityFor, async (epec) => ((await epecOfflineFallback(run, document, epec)) ? prepareAndSend(run, options) : null));
  const { certificate, target } = await authorityContext(run, document);
  const paused = document.pause !== undefined ? document.pause : await activeMisusePause(run.companyId, target);
  if (paused) return holdForPause(run, paused);

  const authority = authorityFor(document.environment);
  let current = document;
  // emissionAttempts already counts this send: more than one means an earlier send may have reached the authority.
  if (current.emissionAttempts > 1) {
    const known = await consultExisting(authority, target, current.accessKey!, certificate);
    if (known?.kind === "authorized") return settleAuthorized(pool, run, current, known, LAST_WRITE);
    if (known?.kind === "denied") return settleDenied(pool, run, current, known, LAST_WRITE);
    if (known) return afterFailure(run, current, { target, certificate, authority }, known, options);
    // Not at the authority (217) and the company is now in contingency: re-issued in it under the next number.
    if (await reissueIfInContingency(run, current)) return prepareAndSend(run, options);
    if (nfceIssueTimeIsStale(current)) {
      const refreshed = await refreshNfceIssueTime(run, current);
      if (refreshed.kind !== "refreshed") return refreshed;
      current = refreshed.document;
    }
  }
  const outcome = await send(authority, target, current, certificate);
  // An answer ends the authorizer's failure streak in the settling statement itself (no write of its own).
  const answeredBy = ownAuthorizerModel(current);
  if (outcome.kind === "authorized") return settleAuthorized(pool, run, current, outcome, { answeredBy, ...LAST_WRITE });
  if (outcome.kind === "denied") return settleDenied(pool, run, current, outcome, { answeredBy, ...LAST_WRITE });
  if (outcome.kind === "refused") {
    // The SVC disabled for the state (114): the NF-e is issued in EPEC under the same number when the state's table allows it.
    if (svcOf(current.contingencyMode) && (await switchToEpec(run, current, { code: outcome.code, reason: outcome.reason }))) return prepareAndSend(run, options);
    return settleRejected(pool, run, current, outcome, { answeredBy, ...LAST_WRITE });
  }
  return afterFailure(run, current, { target, certificate, authority }, outcome, options);
}

/** No final answer: a 656 pauses; with sends left PROCESSING until nextAttemptAt; on the last send REJECTED only when not received, else unresolved. */
async function afterFailure(run: EmissionRun, document: SendSource, context: SendContext, failure: CommunicationFailed, options: StepOptions): Promise<SendResult> {
  const pool = getPool();
  if (isMisuse(failure)) return holdForPause(run, await recordMisusePause(run.companyId, context.target));
  await noteAuthorizerSilent(run, document, context, failure);
  // No answer while the company's contingency is active: re-issued in contingency at once (NFC-e
  // offline, NF-e through its SVC) under the next number; this attempt's number is resolved later.
  if (await reissueIfInContingency(run, document)) return prepareAndSend(run, options);
  // Its SVC does not answer either (send and consultation): issued in EPEC under the next number when the
  // state's table allows it; the SVC attempt's number is resolved as any replaced attempt's.
  if (svcOf(document.contingencyMode) && (await switchToEpec(run, document, "svc_unreachable"))) return prepareAndSend(run, options);
  if (options.finalAttempt && failure.notReceived) {
    const reason = `No answer from the tax authority after ${document.emissionAttempts} attempts, and it holds no such access key: ${failure.reason}`;
    return settleRejected(pool, run, document, { kind: "refused", code: "communication_failure", reason, absentAtAuthority: true }, { deferWrite: options.deferWrite });
  }
  if (options.finalAttempt) {
    const reason = `Outcome unknown after ${document.emissionAttempts} attempts (${failure.reason}); the access key is consulted until the authority answers`;
    const held = await holdProcessing(pool, run, reason, new Date(Date.now() + delayMs(reconcileDelay(1))));
    return held.kind === "superseded" ? held : { kind: "unresolved", reason };
  }
  const nextAttemptAt = nextAttemptAtOf(options);
  const settled = await holdForRetry(pool, run, failure.cStat ?? null, failure.reason, nextAttemptAt);
  return settled.kind === "superseded" ? settled : { kind: "awaiting_retry", reason: failure.reason, cStat: failure.cStat ?? null, nextAttemptAt: nextAttemptAt.toISOString() };
}

/** The model whose own authorizer a send addressed; null for one sent to an SVC or issued offline (they say nothing about the state's authorizer). */
function ownAuthorizerModel(document: SendSource): 55 | 65 | null {
  if (document.contingencyMode) return null;
  return document.type === "NFCE" ? 65 : document.type === "NFE" ? 55 : null;
}

type SendContext = { target: AuthorityTarget; certificate: ClientCertificate; authority: TaxAuthority };

/**
 * No answer from the authorizer: counted towards automatic contingency
 * (lib/contingency, CONTINGENCY_FAILURE_THRESHOLD); an NFC-e enters it at once,
 * since a sale at a checkout cannot wait for retries (docs/api-notes/contingency.md);
 * an NF-e has the authorizer's status service asked at once (shared cache): 108/109
 * or no answer there either enter contingency now, so a company that issues one
 * NF-e reaches its SVC in this very step instead of after retries (issue 50 item 3).
 */
async function noteAuthorizerSilent(run: EmissionRun, document: SendSource, context: SendContext, failure: CommunicationFailed): Promise<void> {
  const model = ownAuthorizerModel(document);
  if (!model) return;
  const { entered } = await recordAuthorizerCommunication(run.companyId, model, false, { cStat: failure.cStat ?? undefined, reason: failure.reason, immediate: model === 65 });
  if (entered || model !== 55) return;
  await confirmOutageByStatus({ companyId: run.companyId, uf: document.state, environment: document.environment, model, certificate: context.certificate }, context.authority);
}

/** The document stays PROCESSING with the pause's reason; the run sleeps until it ends. */
export async function holdForPause(run: EmissionRun, pause: { until: Date; reason: string }): Promise<Paused | Superseded> {
  const held = await holdProcessing(getPool(), run, pause.reason, pause.until);
  return held.kind === "superseded" ? held : { kind: "paused", until: pause.until.toISOString(), reason: pause.reason };
}

export async function send(authority: TaxAuthority, target: AuthorityTarget, document: { accessKey: string | null; signedXml: string | null }, certificate: ClientCertificate): Promise<SendOutcome> {
  const accessKey = document.accessKey!;
  const answer = await authority.authorize(target, document.signedXml!, certificate);
  if (answer.kind === "authorized") {
    return { kind: "authorized", cStat: answer.cStat, reason: answer.reason, protocol: answer.protocol, authorizedAt: answer.authorizedAt, protNFeXml: answer.protNFeXml, via: "authorize" };
  }
  if (answer.kind === "denied") return deniedVia(answer, "authorize");
  if (answer.kind === "communication_failure") {
    if (isMisuse(answer)) return { kind: "communication_failure", reason: answer.reason, cStat: answer.cStat };
    // Not a final answer: the authority may hold the NF-e authorized (or denied), so ask before deciding.
    const known = await consultExisting(authority, target, accessKey, certificate);
    if (known?.kind === "authorized" || known?.kind === "denied" || (known && isMisuse(known))) return known;
    const notReceived = known === null && BATCH_NOT_RECEIVED.has(answer.cStat ?? "");
    return { kind: "communication_failure", reason: answer.reason, cStat: answer.cStat ?? null, notReceived };
  }
  // 204 (already authorized) and 205 (already denied): the consultation returns the protNFe to keep.
  if (answer.cStat === DUPLICATE_SAME_KEY || answer.cStat === DENIED_IN_DATABASE) {
    const known = await consultExisting(authority, target, accessKey, certificate);
    if (known) return known;
  }
  return { kind: "refused", code: answer.cStat, reason: answer.reason, responseXml: answer.responseXml ?? null };
}

/** The protocol of an already authorized (or denied) key, a communication failure, or null when the authority does not know the key. */
export async function consultExisting(authority: TaxAuthority, target: AuthorityTarget, accessKey: string, certificate: ClientCertificate): Promise<AuthorizationGranted | AuthorizationDenied | CommunicationFailed | null> {
  return knownOutcome(await authority.consult(target, accessKey, certificate));
}

/** A consultation's answer as the emission settles it (also POST /v1/fiscal-documents/{id}/sync, lib/document-events/sync-document.ts). */
export function knownOutcome(answer: ConsultationResult): AuthorizationGranted | AuthorizationDenied | CommunicationFailed | null {
  if (answer.kind === "authorized") {
    return { kind: "authorized", cStat: answer.cStat, reason: answer.reason, protocol: answer.protocol, authorizedAt: answer.authorizedAt, protNFeXml: answer.protNFeXml, via: "consult" };
  }
  if (answer.kind === "denied") return deniedVia(answer, "consult");
  if (answer.kind === "communication_failure") return { kind: "communication_failure", reason: `consultation failed: ${answer.reason}`, cStat: answer.cStat ?? null };
  // not_found (217) or a refusal of the consultation itself: the document was never authorized, send it.
  return null;
}

function deniedVia(answer: Denied, via: AuthorizationDenied["via"]): AuthorizationDenied {
  return { kind: "denied", cStat: answer.cStat, reason: answer.reason, protocol: answer.protocol, deniedAt: answer.deniedAt, protNFeXml: answer.protNFeXml, via };
}
