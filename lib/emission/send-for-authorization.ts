import { getTaxAuthority, type AuthorityTarget, type ClientCertificate, type TaxAuthority } from "@/lib/authority";
import { loadSigningCredentials } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { isRecordNotFound } from "@/lib/db/is-record-not-found";
import type { EmissionRun, SendOutcome, Superseded } from "./outcomes";

// cStat 204 "Duplicidade de NF-e": this very key is already authorized (MOC 4.00, Anexo I).
const DUPLICATE_SAME_KEY = "204";

/**
 * One send of the signed NF-e (NFeAutorizacao4, synchronous). A timeout does
 * not mean "not authorized": when an earlier send of this document may have
 * reached the authority, the access key is consulted first
 * (NFeConsultaProtocolo4) and an existing protocol is taken instead of
 * sending again; a resend answered 204 (duplicate) is resolved the same way.
 * The attempt counter is written before the send, so a crash during the send
 * still makes the next try consult first.
 */
export async function sendForAuthorization(run: EmissionRun, authorityFor: (environment: "PRODUCTION" | "HOMOLOGATION") => TaxAuthority = getTaxAuthority): Promise<SendOutcome | Superseded> {
  // The counter is incremented by the same guarded UPDATE that reads what the send needs
  // (one statement fewer than read-then-increment); a run that lost the document changes nothing.
  let document;
  try {
    document = await db.fiscalDocument.update({
      where: { id: run.documentId, companyId: run.companyId, runId: run.runId, status: "PROCESSING" },
      data: { emissionAttempts: { increment: 1 } },
      select: { type: true, environment: true, accessKey: true, signedXml: true, emissionAttempts: true, company: { select: { state: true } } },
    });
  } catch (error) {
    if (!isRecordNotFound(error)) throw error;
    const current = await db.fiscalDocument.findFirst({ where: { id: run.documentId, companyId: run.companyId }, select: { status: true } });
    return { kind: "superseded", status: current?.status ?? "missing" };
  }
  if (!document.signedXml || !document.accessKey) throw new Error(`Document ${run.documentId} has no signed XML or access key to send`);

  const credentials = await loadSigningCredentials(run.companyId);
  const certificate: ClientCertificate = { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem };
  const target: AuthorityTarget = { uf: document.company.state, environment: document.environment, model: document.type === "NFCE" ? 65 : 55 };
  const authority = authorityFor(document.environment);

  // emissionAttempts already counts this send: more than one means an earlier send may have reached the authority.
  if (document.emissionAttempts > 1) {
    const known = await consultExisting(authority, target, document.accessKey, certificate);
    if (known) return known;
  }
  const answer = await authority.authorize(target, document.signedXml, certificate);
  if (answer.kind === "authorized") {
    return { kind: "authorized", cStat: answer.cStat, reason: answer.reason, protocol: answer.protocol, authorizedAt: answer.authorizedAt, protNFeXml: answer.protNFeXml, via: "authorize" };
  }
  if (answer.kind === "communication_failure") return { kind: "communication_failure", reason: answer.reason, cStat: answer.cStat ?? null };
  if (answer.cStat === DUPLICATE_SAME_KEY) {
    const known = await consultExisting(authority, target, document.accessKey, certificate);
    if (known) return known;
  }
  return { kind: "refused", code: answer.cStat, reason: answer.reason, responseXml: answer.responseXml ?? null };
}

/** The protocol of an already authorized key, a communication failure, or null when the authority does not know the key. */
async function consultExisting(authority: TaxAuthority, target: AuthorityTarget, accessKey: string, certificate: ClientCertificate): Promise<SendOutcome | null> {
  const answer = await authority.consult(target, accessKey, certificate);
  if (answer.kind === "authorized") {
    return { kind: "authorized", cStat: answer.cStat, reason: answer.reason, protocol: answer.protocol, authorizedAt: answer.authorizedAt, protNFeXml: answer.protNFeXml, via: "consult" };
  }
  if (answer.kind === "communication_failure") return { kind: "communication_failure", reason: `consultation failed: ${answer.reason}`, cStat: answer.cStat ?? null };
  // not_found (217) or a refusal of the consultation itself: the document was never authorized, send it.
  return null;
}
