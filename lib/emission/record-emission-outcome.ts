import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { fromSqlRow } from "@/lib/db/sql-models";
import type { EmissionRun } from "./outcomes";
import { settleRejected, type Settled, type SettlementSource } from "./settle-emission";

// Transitions outside a send (api.md, States and transitions); the send's own
// settlements are in settle-emission.ts. Each is one guarded statement, a
// no-op when the document is no longer this run's.

/**
 * After the backoff: the document is still this run's and PROCESSING (DRAFT for a run whose
 * failed send came before issue 50), so it is sent again; its nextAttemptAt is spent.
 */
export async function resumeEmission(run: EmissionRun): Promise<Settled> {
  const rows = await sql(
    getPool(),
    `UPDATE "FiscalDocument" SET "status" = 'PROCESSING', "nextAttemptAt" = NULL, "updatedAt" = $4::timestamp
     WHERE "id" = $1 AND "companyId" = $2 AND "runId" = $3 AND "status" IN ('DRAFT', 'PROCESSING') RETURNING "id"`,
    [run.documentId, run.companyId, run.runId, utc(new Date())],
  );
  return rows.length === 1 ? { kind: "settled", status: "PROCESSING" } : { kind: "superseded", status: "not this run's" };
}

/**
 * The run failed for good (a bug or a persistent error, after the driver's
 * retries): the document must not stay PROCESSING forever, so it is REJECTED
 * with the reason and document.rejected, and can be emitted again.
 */
export async function failEmission(run: EmissionRun, reason: string): Promise<Settled> {
  const pool = getPool();
  const [row] = await sql<Record<string, unknown>>(pool, `SELECT * FROM "FiscalDocument" WHERE "id" = $1 AND "companyId" = $2`, [run.documentId, run.companyId]);
  if (!row) return { kind: "superseded", status: "missing" };
  const document = fromSqlRow<SettlementSource>("FiscalDocument", row);
  return settleRejected(pool, run, document, { kind: "refused", code: "internal_error", reason: `Emission failed: ${reason}` }, { from: ["PROCESSING", "DRAFT"] });
}
