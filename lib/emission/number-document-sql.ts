import { randomUUID } from "node:crypto";
import { sql, utc, type Queryable } from "@/lib/db/sql";
import type { ClientSnapshot } from "@/lib/documents/client-snapshot";
import { MAX_DOCUMENT_NUMBER, numberingUpsertSql } from "@/lib/numbering";

/** NumberingSeries.model of DPS numbers (nDPS per company + DPS series + environment), beside 55 and 65. */
export const DPS_NUMBERING_MODEL = 99;

/**
 * The CTEs `target`, `allocated` and `assigned`: the next number of an NF-e/NFC-e's series (an NFS-e's DPS series)
 * written onto the document, only while it is this run's, PROCESSING and unnumbered (under its
 * row lock) and `condition` holds (SQL over d, the document, and c, its company). An exhausted
 * series allocates nothing: `assigned` is then empty and the counter stays as it was. The
 * parameters are SQL placeholders of the caller's statement; `snapshot` (jsonb, null keeps the
 * stored one) replaces the recipient snapshot with the number.
 * Used by the emission's load (load-emission-document.ts) and, when the load could not number,
 * after the TypeScript checks (prepare-emission.ts).
 */
export function numberDocumentCtes(p: { documentId: string; companyId: string; runId: string; numberingId: string; now: string; condition?: string; snapshot?: string }): string {
  return `
  target AS (
    SELECT d."id", d."companyId", CASE d."type" WHEN 'NFCE' THEN 65 WHEN 'NFSE' THEN ${DPS_NUMBERING_MODEL} ELSE 55 END AS "model",
      coalesce(d."series", CASE d."type" WHEN 'NFCE' THEN c."nfceSeries" WHEN 'NFSE' THEN c."dpsSeries" ELSE c."nfeSeries" END) AS "series", d."environment"
    FROM "FiscalDocument" d JOIN "Company" c ON c."id" = d."companyId"
    WHERE d."id" = ${p.documentId} AND d."companyId" = ${p.companyId} AND d."runId" = ${p.runId} AND d."status" = 'PROCESSING' AND d."number" = 0
      AND d."type" IN ('NFE', 'NFCE', 'NFSE')${p.condition ? ` AND ${p.condition}` : ""}
    FOR UPDATE OF d
  ), allocated AS (${numberingUpsertSql(`SELECT ${p.numberingId}::text, t."companyId", t."model", t."series", t."environment" FROM target t`)}
  ), assigned AS (
    UPDATE "FiscalDocument" d SET "number" = a."number", "series" = t."series",${p.snapshot ? ` "clientSnapshot" = coalesce(${p.snapshot}::jsonb, d."clientSnapshot"),` : ""} "updatedAt" = ${p.now}::timestamp
    FROM allocated a, target t WHERE d."id" = t."id" AND a."number" <= ${MAX_DOCUMENT_NUMBER}
    RETURNING d."number", d."series"
  )`;
}

// The next number of the document's series written onto it, with the recipient snapshot
// re-taken at emission ($6, null keeps the stored one), only while it is this run's, PROCESSING
// and unnumbered. An exhausted series allocates nothing (number null, assigned 0).
const ASSIGN_NUMBER = `
  WITH ${numberDocumentCtes({ documentId: "$1", companyId: "$2", runId: "$3", numberingId: "$4", now: "$5", snapshot: "$6" })}
  SELECT a."number", t."series", (SELECT count(*)::int FROM assigned) AS "assigned" FROM target t LEFT JOIN allocated a ON true`;

/**
 * Numbers a document the emission's load did not (prepare-emission.ts, nfse/prepare-nfse-emission.ts):
 * `superseded` when it is no longer this run's unnumbered PROCESSING document, `exhausted` with the
 * series when the series reached MAX_DOCUMENT_NUMBER.
 */
export async function assignDocumentNumber(
  client: Queryable,
  run: { documentId: string; companyId: string; runId: string },
  snapshot: ClientSnapshot | null,
): Promise<{ kind: "numbered"; number: number; series: number } | { kind: "exhausted"; series: number } | { kind: "superseded" }> {
  const [row] = await sql<{ number: number | null; series: number; assigned: number }>(client, ASSIGN_NUMBER, [
    run.documentId, run.companyId, run.runId, randomUUID(), utc(new Date()), snapshot && JSON.stringify(snapshot),
  ]);
  if (!row) return { kind: "superseded" };
  if (row.assigned !== 1 || row.number === null) return { kind: "exhausted", series: row.series };
  return { kind: "numbered", number: row.number, series: row.series };
}
