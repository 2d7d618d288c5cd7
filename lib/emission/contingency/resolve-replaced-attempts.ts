import type { ReplacedEmissionAttempt } from "@prisma/client";
import { getTaxAuthority, type AuthorityTarget, type ClientCertificate, type TaxAuthority } from "@/lib/authority";
import { loadSigningCredentials } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { buildSignedEvent } from "@/lib/fiscal/nfe";
// Upward on purpose (scripts/check-layers.ts): one inutilization path for the API and for replaced attempts.
import { createInutilization } from "@/lib/inutilizations/create-inutilization";

// The number of an attempt replaced in contingency is resolved once the authority
// is back and the re-issued document is settled (docs/api-notes/contingency.md):
// the state's authorizer is asked for the old key (NFeConsultaProtocolo4), then
// - authorized → NFC-e: cancelled by substitution (event 110112, chNFeRef = the
//   re-issued NFC-e's key, MOC 7.0 rules 5P31: the substitute must be authorized
//   and issued in contingency); NF-e: cancelled (110111);
// - not in its database (217) → the number is inutilized (lib/inutilizations);
// - denied → DENIED (the number is spent with that protocol);
// - no answer → still PENDING, the next round asks again.
// A replayed round finds the event already registered (the consultation lists it,
// or the authority answers 573) and records it, so nothing is sent twice for good.

export const SUBSTITUTION_JUSTIFICATION = "Emitida em contingencia: substituida pelo documento reemitido (sem resposta da SEFAZ)";
export const CANCELLATION_JUSTIFICATION = "Tentativa sem resposta da SEFAZ reemitida em contingencia com outra numeracao";
export const INUTILIZATION_JUSTIFICATION = "Numero de tentativa sem resposta da SEFAZ; documento reemitido em contingencia com outro numero";
const APPLICATION_VERSION = "fiscal-issuer-1.0";

type Outcome = "resolved" | "waiting" | "unavailable";

export async function resolveReplacedAttempts(
  input: { companyId: string; model: 55 | 65; environment: "PRODUCTION" | "HOMOLOGATION" },
  authorityFor: (environment: "PRODUCTION" | "HOMOLOGATION") => TaxAuthority = getTaxAuthority,
): Promise<{ resolved: number; pending: number; reason?: string }> {
  const attempts = await db.replacedEmissionAttempt.findMany({
    where: { companyId: input.companyId, environment: input.environment, model: input.model, resolution: "PENDING" },
    orderBy: [{ series: "asc" }, { number: "asc" }],
    include: { document: { select: { status: true, accessKey: true, contingencyMode: true } }, company: { select: { state: true, cnpj: true } } },
  });
  let resolved = 0;
  for (const attempt of attempts) {
    const outcome = await resolveOne(attempt, authorityFor(input.environment));
    if (outcome === "resolved") resolved++;
    // The authority does not answer: the rest waits for the next round.
    if (outcome === "unavailable") return { resolved, pending: attempts.length - resolved, reason: "the authority did not answer" };
  }
  return { resolved, pending: attempts.length - resolved };
}

type AttemptWithDocument = ReplacedEmissionAttempt & {
  document: { status: string; accessKey: string | null; contingencyMode: string | null };
  company: { state: string; cnpj: string };
};

async function resolveOne(attempt: AttemptWithDocument, authority: TaxAuthority): Promise<Outcome> {
  // The re-issued document is still on its way (offline NFC-e not transmitted yet): the substitute must be settled first.
  if (["DRAFT", "PROCESSING", "CONTINGENCY"].includes(attempt.document.status)) return "waiting";
  const credentials = await loadSigningCredentials(attempt.companyId);
  const certificate: ClientCertificate = { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem, chainPem: credentials.chainPem };
  const target: AuthorityTarget = { uf: attempt.company.state, environment: attempt.environment, model: attempt.model === 65 ? 65 : 55 };

  const known = await authority.consult(target, attempt.accessKey, certificate);
  if (known.kind === "communication_failure") return "unavailable";
  if (known.kind === "denied") return record(attempt, { resolution: "DENIED", protocol: known.protocol, detail: `${known.cStat} - ${known.reason}` });
  if (known.kind === "authorized") {
    const tpEvento = attempt.model === 65 ? "110112" : "110111";
    const registered = known.events.find((e) => e.tpEvento === "110112" || e.tpEvento === "110111");
    const resolution = attempt.model === 65 ? "CANCELLED_BY_SUBSTITUTION" : "CANCELLED";
    if (registered) return record(attempt, { resolution: registered.tpEvento === "110112" ? "CANCELLED_BY_SUBSTITUTION" : "CANCELLED", protocol: registered.protocol, detail: "already registered at the authority" });
    if (attempt.model === 65 && (attempt.document.status !== "AUTHORIZED" || !attempt.document.accessKey)) {
      // 110112 needs an authorized substitute (rule 5P31-10/14): the original attempt stands authorized.
      return record(attempt, { resolution: "NEEDS_ATTENTION", protocol: known.protocol, detail: `The original attempt is authorized (protocol ${known.protocol}) but its substitute is ${attempt.document.status}: cancel one of them by hand` });
    }
    const event = buildSignedEvent(
      tpEvento === "110112"
        ? { tpEvento, accessKey: attempt.accessKey, environment: attempt.environment, authorCnpj: attempt.company.cnpj, occurredAt: new Date(), protocol: known.protocol, reason: SUBSTITUTION_JUSTIFICATION, substituteKey: attempt.document.accessKey!, applicationVersion: APPLICATION_VERSION }
        : { tpEvento, accessKey: attempt.accessKey, environment: attempt.environment, authorCnpj: attempt.company.cnpj, occurredAt: new Date(), protocol: known.protocol, reason: CANCELLATION_JUSTIFICATION },
      credentials,
    );
    const answer = await authority.sendEvent(target, event.xml, certificate);
    if (answer.kind === "communication_failure") return "unavailable";
    if (answer.kind === "authorized") return record(attempt, { resolution, protocol: answer.protocol, detail: `${answer.cStat} - ${answer.reason}` });
    return record(attempt, { resolution: "NEEDS_ATTENTION", protocol: known.protocol, detail: `The authority refused event ${tpEvento}: ${answer.cStat} - ${answer.reason}` });
  }
  // Not in the authority's database (217, or a refusal of the consultation that names no document): inutilized.
  return inutilize(attempt);
}

async function inutilize(attempt: AttemptWithDocument): Promise<Outcome> {
  const model = attempt.model === 65 ? "65" : "55";
  try {
    const result = await createInutilization({
      companyId: attempt.companyId,
      body: { model, series: attempt.series, startNumber: attempt.number, endNumber: attempt.number, justification: INUTILIZATION_JUSTIFICATION, advanceSeries: false },
    });
    return record(attempt, { resolution: "INUTILIZED", protocol: result.protocol, inutilizationId: result.record.id, detail: null });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (["authority_unavailable", "rate_limited", "authority_call_in_progress", "authority_paused"].includes(error.code)) return "unavailable";
    // Already inutilized by an authorized range (a replayed round, or by hand).
    const voided = await db.inutilization.findFirst({
      where: { companyId: attempt.companyId, environment: attempt.environment, model, series: attempt.series, status: "AUTHORIZED", startNumber: { lte: attempt.number }, endNumber: { gte: attempt.number } },
    });
    if (voided) return record(attempt, { resolution: "INUTILIZED", protocol: voided.protocol, inutilizationId: voided.id, detail: null });
    return record(attempt, { resolution: "NEEDS_ATTENTION", protocol: null, detail: `Inutilization of number ${attempt.number} refused: ${error.code} - ${error.message}` });
  }
}

async function record(
  attempt: ReplacedEmissionAttempt,
  result: { resolution: ReplacedEmissionAttempt["resolution"]; protocol: string | null; detail: string | null; inutilizationId?: string },
): Promise<Outcome> {
  await db.replacedEmissionAttempt.updateMany({
    where: { id: attempt.id, companyId: attempt.companyId, resolution: "PENDING" },
    data: { resolution: result.resolution, protocol: result.protocol, detail: result.detail, inutilizationId: result.inutilizationId ?? null, resolvedAt: new Date() },
  });
  return "resolved";
}
