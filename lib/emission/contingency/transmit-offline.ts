import { getTaxAuthority, type TaxAuthority } from "@/lib/authority";
import { activeMisusePause } from "@/lib/authority/misuse-pause";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { fromSqlRow } from "@/lib/db/sql-models";
import { authorityContext, send, type SendSource } from "@/lib/emission/send-for-authorization";
import { settleAuthorized, settleDenied, settleRejected } from "@/lib/emission/settle-emission";

// The transmission of an NFC-e issued offline (tpEmis 9), or of an NF-e issued in
// EPEC (tpEmis 4, its event registered at the Ambiente Nacional), once the company's
// contingency has ended: the same signed XML (its QR-Code was printed) sent to
// the state's authorizer, the answer settled from CONTINGENCY like any other
// (AUTHORIZED, REJECTED, DENIED with their webhooks). No answer: it stays
// CONTINGENCY with the reason as processingReason, and the round stops (the
// authorizer is still unreachable; the next round tries again). The send
// consults the key after a lost answer and on 204, so a repeat is harmless.

const OFFLINE_DOCUMENTS = `
  SELECT d."id", d."runId" FROM "FiscalDocument" d
  WHERE d."companyId" = $1 AND d."environment" = $2::"Environment" AND d."type" = $4::"DocumentType" AND d."status" = 'CONTINGENCY' AND d."runId" IS NOT NULL
  ORDER BY d."series", d."number" LIMIT $3`;

// Counts the send, and reads what the send and the settlement need, only while it is still CONTINGENCY.
const START_TRANSMISSION = `
  UPDATE "FiscalDocument" d SET "emissionAttempts" = d."emissionAttempts" + 1, "updatedAt" = $3::timestamp
  FROM "Company" c
  WHERE d."id" = $1 AND d."companyId" = $2 AND d."status" = 'CONTINGENCY' AND c."id" = d."companyId"
  RETURNING d."id", d."companyId", d."externalId", d."type", d."series", d."number", d."accessKey", d."authorizationDate", d."protocolNumber",
    d."rejectionReason", d."cancellationReason", d."totalValue", d."environment", d."signedXml", d."emissionAttempts", d."issueDateTime", d."runId",
    d."contingencyMode", d."contingencySince", d."contingencyReason", c."state",
    (SELECT k."id" FROM "Certificate" k WHERE k."companyId" = d."companyId" AND k."isActive" ORDER BY k."createdAt" DESC LIMIT 1) AS "certificateId"`;

const KEEP_WAITING = `
  UPDATE "FiscalDocument" SET "processingReason" = $3, "updatedAt" = $4::timestamp
  WHERE "id" = $1 AND "companyId" = $2 AND "status" = 'CONTINGENCY'`;

/** Offline NFC-e looked at per round (the next round takes the rest). */
export const OFFLINE_BATCH = 200;

export type OfflineTransmission = { transmitted: number; waiting: boolean; reason?: string };

export async function transmitOfflineDocuments(
  input: { companyId: string; environment: "PRODUCTION" | "HOMOLOGATION"; model?: 55 | 65 },
  authorityFor: (environment: "PRODUCTION" | "HOMOLOGATION") => TaxAuthority = getTaxAuthority,
): Promise<OfflineTransmission> {
  const pool = getPool();
  const documents = await sql<{ id: string; runId: string }>(pool, OFFLINE_DOCUMENTS, [input.companyId, input.environment, OFFLINE_BATCH, input.model === 55 ? "NFE" : "NFCE"]);
  let transmitted = 0;
  for (const { id, runId } of documents) {
    const run = { companyId: input.companyId, documentId: id, runId };
    const [row] = await sql<Record<string, unknown>>(pool, START_TRANSMISSION, [id, input.companyId, utc(new Date())]);
    if (!row) continue;
    const document = fromSqlRow<SendSource>("FiscalDocument", row);
    if (!document.certificateId || !document.signedXml) {
      await sql(pool, KEEP_WAITING, [id, input.companyId, "Waiting for transmission: the company has no active certificate", utc(new Date())]);
      return { transmitted, waiting: true, reason: "no active certificate" };
    }
    const { certificate, target } = await authorityContext(run, document);
    const paused = await activeMisusePause(input.companyId, target);
    if (paused) return { transmitted, waiting: true, reason: paused.reason };
    const outcome = await send(authorityFor(input.environment), target, document, certificate);
    if (outcome.kind === "communication_failure") {
      await sql(pool, KEEP_WAITING, [id, input.companyId, `Waiting for transmission: ${outcome.reason}`, utc(new Date())]);
      return { transmitted, waiting: true, reason: outcome.reason };
    }
    if (outcome.kind === "authorized") await settleAuthorized(pool, run, document, outcome, { from: ["CONTINGENCY"] });
    else if (outcome.kind === "denied") await settleDenied(pool, run, document, outcome, { from: ["CONTINGENCY"] });
    else await settleRejected(pool, run, document, outcome, { from: ["CONTINGENCY"] });
    transmitted++;
  }
  return { transmitted, waiting: documents.length === OFFLINE_BATCH };
}
