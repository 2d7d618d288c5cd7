import { getTaxAuthority, type TaxAuthority } from "@/lib/authority";
import { activeMisusePause, isMisuse, recordMisusePause } from "@/lib/authority/misuse-pause";
import { getPool } from "@/lib/db/client";
import { delayMs, reconcileDelay } from "./limits";
import { sql } from "@/lib/db/sql";
import { fromSqlRow } from "@/lib/db/sql-models";
import type { EmissionRun, Paused, Superseded, Unresolved } from "./outcomes";
import { authorityContext, consultExisting, holdForPause, type SendSource } from "./send-for-authorization";
import { holdProcessing, settleAuthorized, settleRejected, type Settled } from "./settle-emission";

// After the last send without a final answer the document stays PROCESSING
// (the authority may hold it authorized) and the run consults its access key
// on a backoff (EMISSION_RECONCILE_DELAYS) until the authority answers:
// authorized → AUTHORIZED with that protocol; "not in the database" (217) →
// REJECTED communication_failure, which is then certain (the last send is at
// least one backoff old); no answer → still PROCESSING, the next consultation
// later. Nothing is sent again here.

const LOAD = `
  SELECT d."id", d."companyId", d."externalId", d."type", d."series", d."number", d."accessKey", d."authorizationDate", d."protocolNumber",
    d."rejectionReason", d."cancellationReason", d."totalValue", d."environment", d."signedXml", d."emissionAttempts", d."issueDateTime", d."contingencyMode", c."state",
    (SELECT k."id" FROM "Certificate" k WHERE k."companyId" = d."companyId" AND k."isActive" ORDER BY k."createdAt" DESC LIMIT 1) AS "certificateId"
  FROM "FiscalDocument" d JOIN "Company" c ON c."id" = d."companyId"
  WHERE d."id" = $1 AND d."companyId" = $2 AND d."runId" = $3 AND d."status" = 'PROCESSING'`;

export async function reconcileEmission(
  run: EmissionRun,
  consultation: number,
  authorityFor: (environment: "PRODUCTION" | "HOMOLOGATION") => TaxAuthority = getTaxAuthority,
): Promise<Settled | Superseded | Paused | Unresolved> {
  const pool = getPool();
  const [row] = await sql<Record<string, unknown>>(pool, LOAD, [run.documentId, run.companyId, run.runId]);
  if (!row) return { kind: "superseded", status: "not this run's" };
  const document = fromSqlRow<SendSource>("FiscalDocument", row);
  if (!document.certificateId || !document.accessKey) {
    const reason = `Outcome unknown and the access key cannot be consulted: ${document.certificateId ? "no access key" : "the company has no active certificate"}`;
    const held = await holdProcessing(pool, run, reason);
    return held.kind === "superseded" ? held : { kind: "unresolved", reason };
  }
  const { certificate, target } = await authorityContext(run, document);
  const paused = await activeMisusePause(run.companyId, target);
  if (paused) return holdForPause(run, paused);

  const known = await consultExisting(authorityFor(document.environment), target, document.accessKey, certificate);
  if (known?.kind === "authorized") return settleAuthorized(pool, run, document, known);
  if (known === null) {
    const reason = `No answer from the tax authority after ${document.emissionAttempts} attempts, and it holds no such access key`;
    return settleRejected(pool, run, document, { kind: "refused", code: "communication_failure", reason, absentAtAuthority: true });
  }
  if (isMisuse(known)) return holdForPause(run, await recordMisusePause(run.companyId, target));
  const reason = `Outcome unknown after ${document.emissionAttempts} attempts; consultation ${consultation} of the access key: ${known.reason}`;
  const held = await holdProcessing(pool, run, reason, new Date(Date.now() + delayMs(reconcileDelay(consultation + 1))));
  return held.kind === "superseded" ? held : { kind: "unresolved", reason };
}
