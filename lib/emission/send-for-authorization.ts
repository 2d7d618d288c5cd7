import { getTaxAuthority, type AuthorityTarget, type ClientCertificate, type TaxAuthority } from "@/lib/authority";
import { DENIED_IN_DATABASE } from "@/lib/authority/classify";
import { credentialsOf } from "@/lib/certificates";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { fromSqlRow } from "@/lib/db/sql-models";
import type { Denied } from "@/lib/authority/types";
import type { AuthorizationDenied, EmissionRun, SendOutcome, Superseded } from "./outcomes";
import { settleAuthorized, settleBackToDraft, settleDenied, settleRejected, type Settled, type SettlementSource } from "./settle-emission";
import { sendNfseCounted } from "./nfse/send-nfse";

// cStat 204 "Duplicidade de NF-e": this very key is already authorized (MOC 4.00, Anexo I).
const DUPLICATE_SAME_KEY = "204";

/** A communication failure with sends left: the document went back to DRAFT and the run re-sends after a backoff. */
export type ReturnedToDraft = { kind: "returned_to_draft"; reason: string; cStat: string | null };

export type SendSource = SettlementSource & { state: string; certificateId: string | null };

// The attempt counter is incremented by the same guarded UPDATE that reads what the
// send and the settlement need; a run that lost the document changes nothing.
const START_SEND = `
  UPDATE "FiscalDocument" d SET "emissionAttempts" = d."emissionAttempts" + 1, "updatedAt" = $4::timestamp
  FROM "Company" c
  WHERE d."id" = $1 AND d."companyId" = $2 AND d."runId" = $3 AND d."status" = 'PROCESSING' AND c."id" = d."companyId"
  RETURNING d."id", d."companyId", d."externalId", d."type", d."series", d."number", d."accessKey", d."authorizationDate", d."protocolNumber",
    d."rejectionReason", d."cancellationReason", d."totalValue", d."environment", d."signedXml", d."emissionAttempts", d."dpsId", c."state",
    (SELECT k."id" FROM "Certificate" k WHERE k."companyId" = d."companyId" AND k."isActive" ORDER BY k."createdAt" DESC LIMIT 1) AS "certificateId"`;

/**
 * One send of the signed NF-e (NFeAutorizacao4, synchronous) and its
 * settlement: AUTHORIZED, REJECTED, or on a communication failure back to
 * DRAFT (REJECTED when it was the last send). A timeout does not mean "not
 * authorized": when an earlier send may have reached the authority, the
 * access key is consulted first (NFeConsultaProtocolo4) and an existing
 * protocol is taken instead of sending again; a resend answered 204
 * (duplicate) is resolved the same way. The attempt counter is written before
 * the send, so a crash during the send or before the settlement makes the
 * replayed step consult first.
 */
export async function sendForAuthorization(
  run: EmissionRun,
  options: { finalAttempt: boolean },
  authorityFor: (environment: "PRODUCTION" | "HOMOLOGATION") => TaxAuthority = getTaxAuthority,
): Promise<Settled | Superseded | ReturnedToDraft> {
  const pool = getPool();
  const [row] = await sql<Record<string, unknown>>(pool, START_SEND, [run.documentId, run.companyId, run.runId, utc(new Date())]);
  if (!row) {
    const [current] = await sql<{ status: string }>(pool, `SELECT "status"::text FROM "FiscalDocument" WHERE "id" = $1 AND "companyId" = $2`, [run.documentId, run.companyId]);
    return { kind: "superseded", status: current?.status ?? "missing" };
  }
  const source = fromSqlRow<SendSource & { dpsId: string | null }>("FiscalDocument", row);
  // An NFS-e resends its DPS to Sefin Nacional (after asking /dps/{id}).
  if (source.type === "NFSE") return sendNfseCounted(run, source, options);
  return sendCounted(run, source, options, authorityFor);
}

/** The send itself, for a document whose attempt counter already counts it (by START_SEND, or by prepareAndSend's write). */
export async function sendCounted(
  run: EmissionRun,
  document: SendSource,
  options: { finalAttempt: boolean },
  authorityFor: (environment: "PRODUCTION" | "HOMOLOGATION") => TaxAuthority = getTaxAuthority,
): Promise<Settled | Superseded | ReturnedToDraft> {
  const pool = getPool();
  if (!document.signedXml || !document.accessKey) throw new Error(`Document ${run.documentId} has no signed XML or access key to send`);
  if (!document.certificateId) {
    return settleRejected(pool, run, document, { kind: "refused", code: "certificate_missing", reason: "The company's certificate was removed before the send" });
  }

  const credentials = await credentialsOf({ id: document.certificateId, companyId: run.companyId });
  const certificate: ClientCertificate = { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem, chainPem: credentials.chainPem };
  const target: AuthorityTarget = { uf: document.state, environment: document.environment, model: document.type === "NFCE" ? 65 : 55 };
  const outcome = await send(authorityFor(document.environment), target, document, certificate);

  if (outcome.kind === "authorized") return settleAuthorized(pool, run, document, outcome);
  if (outcome.kind === "denied") return settleDenied(pool, run, document, outcome);
  if (outcome.kind === "refused") return settleRejected(pool, run, document, outcome);
  if (options.finalAttempt) {
    const reason = `No answer from the tax authority after ${document.emissionAttempts} attempts: ${outcome.reason}`;
    return settleRejected(pool, run, document, { kind: "refused", code: "communication_failure", reason });
  }
  const settled = await settleBackToDraft(pool, run, outcome.cStat ?? null);
  return settled.kind === "superseded" ? settled : { kind: "returned_to_draft", reason: outcome.reason, cStat: outcome.cStat ?? null };
}

async function send(authority: TaxAuthority, target: AuthorityTarget, document: { accessKey: string | null; signedXml: string | null; emissionAttempts: number }, certificate: ClientCertificate): Promise<SendOutcome> {
  const accessKey = document.accessKey!;
  // emissionAttempts already counts this send: more than one means an earlier send may have reached the authority.
  if (document.emissionAttempts > 1) {
    const known = await consultExisting(authority, target, accessKey, certificate);
    if (known) return known;
  }
  const answer = await authority.authorize(target, document.signedXml!, certificate);
  if (answer.kind === "authorized") {
    return { kind: "authorized", cStat: answer.cStat, reason: answer.reason, protocol: answer.protocol, authorizedAt: answer.authorizedAt, protNFeXml: answer.protNFeXml, via: "authorize" };
  }
  if (answer.kind === "denied") return deniedVia(answer, "authorize");
  if (answer.kind === "communication_failure") return { kind: "communication_failure", reason: answer.reason, cStat: answer.cStat ?? null };
  // 204 (already authorized) and 205 (already denied): the consultation returns the protNFe to keep.
  if (answer.cStat === DUPLICATE_SAME_KEY || answer.cStat === DENIED_IN_DATABASE) {
    const known = await consultExisting(authority, target, accessKey, certificate);
    if (known) return known;
  }
  return { kind: "refused", code: answer.cStat, reason: answer.reason, responseXml: answer.responseXml ?? null };
}

/** The protocol of an already authorized (or denied) key, a communication failure, or null when the authority does not know the key. */
async function consultExisting(authority: TaxAuthority, target: AuthorityTarget, accessKey: string, certificate: ClientCertificate): Promise<SendOutcome | null> {
  const answer = await authority.consult(target, accessKey, certificate);
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
