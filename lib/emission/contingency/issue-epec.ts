import { randomUUID } from "node:crypto";
import { getTaxAuthority, type AuthorityTarget, type TaxAuthority } from "@/lib/authority";
import { credentialsOf } from "@/lib/certificates";
import { requestContingencyTransmission } from "@/lib/contingency/request-transmission";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { DomainError } from "@/lib/errors";
import { contingencyEventData } from "@/lib/events/record-outcome";
import { buildProcEventoNFe, buildSignedEpecEvent } from "@/lib/fiscal/nfe";
import { EpecNeedsRecipientError } from "@/lib/fiscal/nfe/epec-event";
import { nextAttemptAtOf, type EmissionRun, type StepOptions } from "@/lib/emission/outcomes";
import { holdForRetry, holdProcessing, settleRejected } from "@/lib/emission/settle-emission";
import type { SendResult, SendSource } from "@/lib/emission/send-for-authorization";


// EPEC for NF-e (tpEmis 4; NT 2014.001, MOC 7.0 contingency chapter; docs/api-notes/contingency.md,
// "EPEC"): when the state's authorizer is down and its SVC answers 114 (disabled by the home
// SEFAZ), the NF-e is rebuilt under the next number with tpEmis 4, dhCont and xJust (the
// SVC's number is resolved later as any replaced attempt's), its EPEC event
// (110140) is registered at the Ambiente Nacional (cOrgao 91), and the document reads
// CONTINGENCY with the EPEC's protocol: its DANFE prints ("DANFE em contingência EPEC") and
// the goods may travel. The transmission run sends the same signed NF-e to the home
// authorizer once it answers (within 168 h); the authorizer refuses it if its data differ
// from the EPEC (467) or no EPEC exists for its key (468).
//
// NFC-e in SP (NT 2015.003; docs/api-notes/contingency.md, "EPEC for NFC-e"): the same steps, the
// event registered at SEFAZ-SP's own EPEC service (cOrgao 35, RecepcaoEPEC). Two ways out to the
// offline NFC-e (tpEmis 9, SP's other contingency since Portaria SRE 40/2024): an NFC-e without an
// identified consumer cannot have an EPEC (its schema requires dest): re-built offline under the
// same number, no EPEC having been sent; SEFAZ-SP's EPEC service does not answer: a checkout cannot
// wait, so the NFC-e is re-issued offline under the NEXT number (the EPEC attempt's may have been
// registered; it is resolved as any replaced attempt's).

/** Same application version the other events carry (lib/document-events/send-event.ts). */
const APPLICATION_VERSION = "fiscal-issuer-1.0";

// PROCESSING → CONTINGENCY with the EPEC's protocol and its procEventoNFe, and document.contingency; one statement.
const SETTLE_EPEC = `
  WITH settled AS (
    UPDATE "FiscalDocument"
    SET "status" = 'CONTINGENCY', "epecProtocol" = $7, "epecRegisteredAt" = $8::timestamp, "epecXml" = $9,
      "rejectionCode" = NULL, "rejectionReason" = NULL, "processingReason" = NULL, "nextAttemptAt" = NULL, "updatedAt" = $4::timestamp
    WHERE "id" = $1 AND "companyId" = $2 AND "runId" = $3 AND "status" = 'PROCESSING' AND "contingencyMode" = 'EPEC'
    RETURNING "id", "companyId", "environment", "type"
  ), outcome AS (
    INSERT INTO "DomainEvent" ("id", "companyId", "type", "documentId", "environment", "documentType", "data", "createdAt")
    SELECT $5, s."companyId", 'document.contingency', s."id", s."environment", s."type", $6::jsonb, $4::timestamp
    FROM settled s
  )
  SELECT count(*)::int AS "settled" FROM settled`;

/** The issuer's CNPJ as the access key carries it (positions 7–20). */
const issuerOf = (accessKey: string) => accessKey.slice(6, 20);

/**
 * Registers the EPEC of an NF-e built with tpEmis 4 (signed and stored by prepare) at the
 * Ambiente Nacional. Registered (135/136) → CONTINGENCY with the protocol, and the company's
 * NF-e transmission run is asked for; refused (142 EPEC blocked for the issuer, 484, 485, 661 …)
 * → REJECTED with the AN's cStat; a duplicate (573: an earlier, unanswered attempt registered
 * it) → CONTINGENCY without a protocol of ours; no answer → re-tried as any send.
 */
export async function registerEpec(
  run: EmissionRun,
  document: SendSource,
  options: StepOptions,
  authorityFor: (environment: "PRODUCTION" | "HOMOLOGATION") => TaxAuthority = getTaxAuthority,
  /** NFC-e: issues it offline instead (epecOfflineFallback, reissue-in-contingency.ts), or null when that is not allowed. */
  offlineInstead?: (epec: "unsent" | "sent") => Promise<SendResult | null>,
): Promise<SendResult> {
  const pool = getPool();
  const LAST_WRITE = { deferWrite: options.deferWrite };
  const nfce = document.type === "NFCE";
  const credentials = await credentialsOf({ id: document.certificateId!, companyId: run.companyId });
  let event: { xml: string };
  try {
    event = buildSignedEpecEvent(
      { nfeXml: document.signedXml!, environment: document.environment, authorCnpj: issuerOf(document.accessKey!), occurredAt: new Date(), applicationVersion: APPLICATION_VERSION },
      credentials,
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (nfce && error instanceof EpecNeedsRecipientError) {
      const offline = await offlineInstead?.("unsent");
      if (offline) return offline;
    }
    return settleRejected(pool, run, document, { kind: "refused", code: error.code, reason: error.message }, LAST_WRITE);
  }
  // NF-e: cOrgao 91 in the event sends it to the Ambiente Nacional's NFeRecepcaoEvento4; NFC-e: the state's RecepcaoEPEC (soap-tax-authority.ts).
  const target: AuthorityTarget = { uf: document.state, environment: document.environment, model: nfce ? 65 : 55 };
  const certificate = { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem, chainPem: credentials.chainPem };
  const answer = await authorityFor(document.environment).sendEvent(target, event.xml, certificate);
  if (answer.kind === "authorized") {
    return settleEpec(run, document, { protocol: answer.protocol, registeredAt: new Date(answer.registeredAt), xml: buildProcEventoNFe(event.xml, answer.retEventoXml) });
  }
  if (answer.kind === "refused" && answer.cStat === "573") return settleEpec(run, document, { protocol: null, registeredAt: new Date(), xml: null });
  const registrar = nfce ? `SEFAZ-${document.state}'s EPEC service` : "the Ambiente Nacional";
  if (answer.kind === "refused") {
    return settleRejected(pool, run, document, { kind: "refused", code: answer.cStat, reason: `EPEC refused by ${registrar}: ${answer.reason}`, responseXml: answer.responseXml ?? null }, LAST_WRITE);
  }
  // An NFC-e at a checkout does not wait for the EPEC service: offline, under the next number.
  if (nfce) {
    const offline = await offlineInstead?.("sent");
    if (offline) return offline;
  }
  const reason = `EPEC not registered: ${registrar} did not answer (${answer.reason})`;
  if (options.finalAttempt) {
    const held = await holdProcessing(pool, run, reason, null);
    return held.kind === "superseded" ? held : { kind: "unresolved", reason };
  }
  const nextAttemptAt = nextAttemptAtOf(options);
  const held = await holdForRetry(pool, run, answer.cStat ?? null, reason, nextAttemptAt);
  return held.kind === "superseded" ? held : { kind: "awaiting_retry", reason, cStat: answer.cStat ?? null, nextAttemptAt: nextAttemptAt.toISOString() };
}

async function settleEpec(run: EmissionRun, document: SendSource, epec: { protocol: string | null; registeredAt: Date; xml: string | null }): Promise<SendResult> {
  const data = contingencyEventData({ ...document, contingencyMode: "EPEC", contingencySince: document.contingencySince ?? null, contingencyReason: document.contingencyReason ?? null });
  const registeredAt = Number.isNaN(epec.registeredAt.getTime()) ? new Date() : epec.registeredAt;
  const [row] = await sql<{ settled: number }>(getPool(), SETTLE_EPEC, [
    run.documentId, run.companyId, run.runId, utc(new Date()), randomUUID(), JSON.stringify(data), epec.protocol, utc(registeredAt), epec.xml,
  ]);
  // Asked for even when a replay finds it settled: a queued run is not duplicated.
  await requestContingencyTransmission({ companyId: run.companyId, model: document.type === "NFCE" ? 65 : 55, environment: document.environment });
  return row?.settled === 1 ? { kind: "settled", status: "CONTINGENCY" } : { kind: "superseded", status: "not this run's" };
}

