import { randomUUID } from "node:crypto";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import type { EmissionRun } from "@/lib/emission/outcomes";
import type { SendSource } from "@/lib/emission/send-for-authorization";
import { MAX_DOCUMENT_NUMBER, numberingUpsertSql } from "@/lib/numbering";
import { activeContingencyFor, type DocumentContingency } from "@/lib/contingency/contingency-mode";
import { requestContingencyTransmission } from "@/lib/contingency/request-transmission";
import { acceptsOfflineNfce, epecAllowed } from "@/lib/contingency/state-contingency-table";

// An attempt that got no answer while the company's contingency is active is
// re-issued in contingency (NFC-e offline, NF-e through its SVC) with the NEXT
// number of its series: the first attempt may still reach the authority later,
// and the same number under two keys would be refused (539) or leave two valid
// documents. Its number and key are kept on a ReplacedEmissionAttempt (PENDING)
// and resolved when the authority is back (resolve-replaced-attempts.ts):
// cancelled (by substitution for NFC-e) if it was authorized, inutilized if not.
//
// One statement: the attempt recorded, the next number allocated and written
// onto the document with the contingency fields, its old key and XML cleared,
// only while it is this run's, PROCESSING, still holding that number and not
// yet in contingency (a replay after a crash finds nothing to replace and goes
// on with the document as stored).
const REPLACE_NUMBER = `
  WITH target AS (
    SELECT d."id", d."companyId", $4::int AS "model", d."series", d."environment", d."number", d."accessKey", d."signedXml"
    FROM "FiscalDocument" d
    WHERE d."id" = $1 AND d."companyId" = $2 AND d."runId" = $3 AND d."status" = 'PROCESSING' AND d."number" = $5
      AND d."contingencyMode" IS NOT DISTINCT FROM $13::"ContingencyMode" AND d."accessKey" IS NOT NULL AND d."series" IS NOT NULL
    FOR UPDATE OF d
  ), allocated AS (${numberingUpsertSql(`SELECT $8::text, t."companyId", t."model", t."series", t."environment" FROM target t`)}
  ), replaced AS (
    INSERT INTO "ReplacedEmissionAttempt" ("id", "companyId", "documentId", "environment", "model", "series", "number", "accessKey", "signedXml", "resolution", "createdAt", "updatedAt")
    SELECT $6, t."companyId", t."id", t."environment", t."model", t."series", t."number", t."accessKey", t."signedXml", 'PENDING', $7::timestamp, $7::timestamp
    FROM target t, allocated a WHERE a."number" <= $12::int
    RETURNING "id"
  ), assigned AS (
    UPDATE "FiscalDocument" d SET "number" = a."number", "accessKey" = NULL, "cNF" = NULL, "signedXml" = NULL, "emissionAttempts" = 0, "issueDateTime" = $7::timestamp,
      "contingencyMode" = $9::"ContingencyMode", "contingencySince" = $10::timestamp, "contingencyReason" = $11, "processingReason" = NULL, "updatedAt" = $7::timestamp
    FROM allocated a, target t, replaced r WHERE d."id" = t."id"
    RETURNING d."number"
  )
  SELECT (SELECT "number" FROM assigned) AS "number"`;
// (An exhausted series allocates no number: nothing is recorded or changed, and the send goes on as it would.)

/**
 * Records the document's current number and key as a replaced attempt (PENDING) and gives it
 * the next number of its series in `contingency`'s mode, only while it is still in the mode it
 * was read in (`document.contingencyMode`: null for a normal attempt, SVC_AN/SVC_RS for an NF-e
 * the SVC refused with 114 and that goes to EPEC). False when nothing was replaced.
 */
export async function replaceNumber(run: EmissionRun, document: SendSource, contingency: DocumentContingency): Promise<boolean> {
  const [row] = await sql<{ number: number | null }>(getPool(), REPLACE_NUMBER, [
    run.documentId, run.companyId, run.runId, document.type === "NFCE" ? 65 : 55, document.number, randomUUID(), utc(new Date()), randomUUID(),
    contingency.contingencyMode, utc(contingency.contingencySince), contingency.contingencyReason, MAX_DOCUMENT_NUMBER, document.contingencyMode ?? null,
  ]);
  return !!row?.number;
}

/**
 * When the company's contingency for the document's model is active and the
 * document was not issued in it: re-numbered in contingency under the next number
 * (true). The caller then prepares and sends it as any first attempt (NFC-e →
 * CONTINGENCY; NF-e → sent to its SVC): returning instead of sending keeps this
 * file out of the send's import circle. False when there is no active contingency
 * (the caller goes on as usual).
 */
export async function reissueIfInContingency(run: EmissionRun, document: SendSource): Promise<boolean> {
  if (document.contingencyMode || (document.type !== "NFCE" && document.type !== "NFE") || document.series === null) return false;
  const contingency = await activeContingencyFor({ companyId: run.companyId, type: document.type, company: { state: document.state } });
  if (!contingency) return false;
  // Not replaced: no longer this run's document, or its series is exhausted (the caller goes on as usual).
  if (!(await replaceNumber(run, document, contingency))) return false;
  // The replaced number is resolved by the transmission run once the contingency ends.
  await requestContingencyTransmission({ companyId: run.companyId, model: document.type === "NFCE" ? 65 : 55, environment: document.environment });
  // Numbered, in contingency, without a key: the caller's prepare builds, signs and stores it.
  return true;
}

/** The SVC is disabled for the issuer's state: 114 "SVC-AN/SVC-RS desabilitada pela SEFAZ de Origem" (MOC 7.0 Anexo I). */
export const SVC_DISABLED = new Set(["114"]);

/**
 * An NF-e refused by its SVC with 114, or whose SVC did not answer (the send and the consultation
 * of its key both unanswered: "SVC … indisponível"): when the state's table allows EPEC on the contingency's
 * date (state-contingency-table.ts), re-issued in EPEC under the NEXT number of its series. The
 * MOC asks the EPEC NF-e to carry "número diferente de qualquer NF-e que tenha sido transmitida com
 * outro tpEmis" (MOC 7.0, Modalidades de Emissão, item 2.1.4): the SVC attempt's number is kept as a
 * replaced attempt, resolved once the authorizer is back (inutilized: the SVC recorded nothing).
 * False when EPEC is not allowed or the document is no longer this run's (the refusal stands).
 */
export async function switchToEpec(run: EmissionRun, document: SendSource, refusal: { code: string; reason: string } | "svc_unreachable"): Promise<boolean> {
  if (refusal !== "svc_unreachable" && !SVC_DISABLED.has(refusal.code)) return false;
  if (document.type !== "NFE" || !document.contingencySince || !document.contingencyReason) return false;
  if (!epecAllowed(document.state, 55, document.contingencySince)) return false;
  const replaced = await replaceNumber(run, document, { contingencyMode: "EPEC", contingencySince: document.contingencySince, contingencyReason: document.contingencyReason });
  if (!replaced) return false;
  // Remembered for this contingency: its next NF-e are issued in EPEC at once, without a refused SVC send each.
  await sql(getPool(), `UPDATE "CompanyContingency" SET "svcUnavailableAt" = $2::timestamp WHERE "companyId" = $1 AND "model" = 55 AND "endedAt" IS NULL AND "svcUnavailableAt" IS NULL`, [run.companyId, utc(new Date())]);
  await requestContingencyTransmission({ companyId: run.companyId, model: 55, environment: document.environment });
  return true;
}

// The NFC-e built for EPEC, whose EPEC was never sent, rebuilt offline: same number, the key and XML cleared (prepare rebuilds them with tpEmis 9).
const UNSENT_EPEC_TO_OFFLINE = `
  WITH changed AS (
    UPDATE "FiscalDocument" SET "contingencyMode" = 'OFFLINE', "accessKey" = NULL, "cNF" = NULL, "signedXml" = NULL, "updatedAt" = $4::timestamp
    WHERE "id" = $1 AND "companyId" = $2 AND "runId" = $3 AND "status" = 'PROCESSING' AND "contingencyMode" = 'EPEC' AND "type" = 'NFCE'
    RETURNING 1
  )
  SELECT count(*)::int AS "count" FROM changed`;

/**
 * An NFC-e of an EPEC contingency (SP, NT 2015.003) issued offline (tpEmis 9) instead, where the state
 * accepts offline NFC-e on the contingency's date (SP: Portaria SRE 40/2024): "unsent" (no identified
 * consumer, so no EPEC could be built: nothing was sent under its key) rebuilds it under the same
 * number; "sent" (SEFAZ-SP's EPEC service got it and did not answer: the EPEC may be registered)
 * records the number as a replaced attempt and takes the next one, as any unanswered attempt in
 * contingency. True when so (the caller then prepares it again, offline); false when offline is
 * not allowed or the document is no longer this run's.
 */
export async function epecOfflineFallback(run: EmissionRun, document: SendSource, epec: "unsent" | "sent"): Promise<boolean> {
  if (document.type !== "NFCE" || !document.contingencySince || !document.contingencyReason || !acceptsOfflineNfce(document.state, document.contingencySince)) return false;
  if (epec === "sent") {
    const offline = { contingencyMode: "OFFLINE" as const, contingencySince: document.contingencySince, contingencyReason: document.contingencyReason };
    if (!(await replaceNumber(run, document, offline))) return false;
    await requestContingencyTransmission({ companyId: run.companyId, model: 65, environment: document.environment });
  } else {
    const [row] = await sql<{ count: number }>(getPool(), UNSENT_EPEC_TO_OFFLINE, [run.documentId, run.companyId, run.runId, utc(new Date())]);
    if ((row?.count ?? 0) !== 1) return false;
  }
  return true;
}
