import { getNfseAuthority, type ClientCertificate, type NfseAuthority, type NfseIssued } from "@/lib/authority";
import { credentialsOf } from "@/lib/certificates";
import { getPool } from "@/lib/db/client";
import { nextAttemptAtOf, type AwaitingRetry, type EmissionRun, type StepOptions, type Superseded } from "../outcomes";
import { holdForRetry, settleRejected, type Settled, type SettlementSource } from "../settle-emission";
import { settleAbrasfAuthorized, settleNfseAuthorized, settlePaulistanaAuthorized } from "./settle-nfse";
import { readPedidoEnvioRps, sendPaulistana } from "./send-paulistana";
import { isSubstitution, readGerarNfse, sendAbrasf } from "./send-abrasf";
import { recordAbrasfSubstitution } from "./record-substitution";
import type { AbrasfAuthority } from "@/lib/authority/abrasf-types";
import { sql } from "@/lib/db/sql";
import type { Pool } from "pg";

async function companyMunicipality(pool: Pool, companyId: string): Promise<string | null> {
  const [row] = await sql<{ municipalityCode: string | null }>(pool, `SELECT "municipalityCode" FROM "Company" WHERE "id" = $1`, [companyId]);
  return row?.municipalityCode ?? null;
}

// E0014: this DPS (series + number + municipality + CNPJ) already produced an NFS-e.
const DUPLICATE_DPS = "E0014";

export type NfseSendSource = SettlementSource & { dpsId: string | null; certificateId: string | null };

type Outcome =
  | { kind: "issued"; issued: NfseIssued; via: "submit" | "dps_lookup" }
  | { kind: "refused"; code: string; reason: string }
  | { kind: "communication_failure"; reason: string };

/**
 * One send of the signed DPS to Sefin Nacional (POST /nfse, synchronous) and
 * its settlement. A timeout or 5xx does not mean "not issued": when an earlier
 * send may have reached Sefin (the attempt counter, written before the send,
 * is above 1) /dps/{id} is asked first and an existing NFS-e is taken; a
 * resend answered E0014 is resolved the same way. So a lost answer never
 * issues twice.
 */
export async function sendNfseCounted(
  run: EmissionRun,
  document: NfseSendSource,
  options: StepOptions,
  authorityFor: (environment: "PRODUCTION" | "HOMOLOGATION") => NfseAuthority = getNfseAuthority,
  abrasfAuthorityFor?: (environment: "PRODUCTION" | "HOMOLOGATION") => AbrasfAuthority,
): Promise<Settled | Superseded | AwaitingRetry> {
  const pool = getPool();
  if (!document.signedXml || !document.dpsId) throw new Error(`Document ${run.documentId} has no signed DPS to send`);
  if (!document.certificateId) {
    return settleRejected(pool, run, document, { kind: "refused", code: "certificate_missing", reason: "The company's certificate was removed before the send" });
  }
  const credentials = await credentialsOf({ id: document.certificateId, companyId: run.companyId });
  const certificate: ClientCertificate = { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem, chainPem: credentials.chainPem };
  // A city with its own system (issue 57): the signed message is its GerarNfseEnvio (ABRASF 2.04) or PedidoEnvioRPS (São Paulo).
  const paulistana = readPedidoEnvioRps(document.signedXml) !== null;
  const city = readGerarNfse(document.signedXml) || paulistana ? await companyMunicipality(pool, run.companyId) : null;
  const sent = { signedXml: document.signedXml, environment: document.environment, emissionAttempts: document.emissionAttempts, municipalityCode: city ?? "" };
  const outcome = city && paulistana
    ? await sendPaulistana(sent, credentials, certificate)
    : city
      ? await sendAbrasf(sent, certificate, abrasfAuthorityFor)
      : await send(authorityFor(document.environment), document, certificate);

  // The settlement is the step's last write, under the run's guard the stored DPS was written with.
  const LAST_WRITE = { deferWrite: options.deferWrite };
  if (outcome.kind === "issued" && "found" in outcome) {
    return settlePaulistanaAuthorized(pool, run, document, outcome.found, { via: outcome.via }, LAST_WRITE);
  }
  if (outcome.kind === "issued" && "provider" in outcome) {
    // A replacement (SubstituirNfse): the city cancelled the NFS-e it replaces; so does this side, before the settlement (the step's last write).
    if (isSubstitution(document.signedXml)) {
      await recordAbrasfSubstitution({
        companyId: run.companyId, replacementId: run.documentId,
        replacement: { nfseNumber: outcome.issued.nfse.number, compNfseXml: outcome.issued.compNfseXml }, replacedCompNfseXml: outcome.replaced?.compNfseXml ?? null,
      });
    }
    return settleAbrasfAuthorized(pool, run, document, outcome.issued, { via: outcome.via, aliquotaFormat: outcome.provider.aliquotaFormat, municipalityCode: outcome.provider.municipalityCode }, LAST_WRITE);
  }
  if (outcome.kind === "issued") return settleNfseAuthorized(pool, run, document, outcome.issued, outcome.via, LAST_WRITE);
  if (outcome.kind === "refused") return settleRejected(pool, run, document, outcome, LAST_WRITE);
  if (options.finalAttempt) {
    return settleRejected(pool, run, document, { kind: "refused", code: "communication_failure", reason: `No answer from ${city ? "the city's NFS-e system" : "Sefin Nacional"} after ${document.emissionAttempts} attempts: ${outcome.reason}` }, LAST_WRITE);
  }
  const nextAttemptAt = nextAttemptAtOf(options);
  const settled = await holdForRetry(pool, run, null, outcome.reason, nextAttemptAt);
  return settled.kind === "superseded" ? settled : { kind: "awaiting_retry", reason: outcome.reason, cStat: null, nextAttemptAt: nextAttemptAt.toISOString() };
}

async function send(authority: NfseAuthority, document: NfseSendSource, certificate: ClientCertificate): Promise<Outcome> {
  const env = document.environment;
  if (document.emissionAttempts > 1) {
    const known = await lookup(authority, env, document.dpsId!, certificate);
    if (known) return known;
  }
  const answer = await authority.submitDps(env, document.signedXml!, certificate);
  if (answer.kind === "authorized") return { kind: "issued", issued: answer, via: "submit" };
  if (answer.kind === "communication_failure") return answer;
  if (answer.code === DUPLICATE_DPS) {
    const known = await lookup(authority, env, document.dpsId!, certificate);
    if (known) return known;
  }
  const detail = answer.complement ? ` (${answer.complement})` : "";
  return { kind: "refused", code: answer.code, reason: `${answer.reason}${detail}` };
}

/** The NFS-e this DPS produced, a communication failure, or null when Sefin has none. */
async function lookup(authority: NfseAuthority, env: "PRODUCTION" | "HOMOLOGATION", dpsId: string, certificate: ClientCertificate): Promise<Outcome | null> {
  const found = await authority.findByDps(env, dpsId, certificate);
  if (found.kind === "authorized") return { kind: "issued", issued: found, via: "dps_lookup" };
  if (found.kind === "communication_failure") return { kind: "communication_failure", reason: `DPS lookup failed: ${found.reason}` };
  return null;
}
