import { MAX_DOCUMENT_NUMBER, numberingUpsertSql } from "@/lib/numbering";

/**
 * The CTEs `target`, `allocated` and `assigned`: the next number of an NF-e/NFC-e's series
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
    SELECT d."id", d."companyId", CASE d."type" WHEN 'NFCE' THEN 65 ELSE 55 END AS "model",
      coalesce(d."series", CASE d."type" WHEN 'NFCE' THEN c."nfceSeries" ELSE c."nfeSeries" END) AS "series", d."environment"
    FROM "FiscalDocument" d JOIN "Company" c ON c."id" = d."companyId"
    WHERE d."id" = ${p.documentId} AND d."companyId" = ${p.companyId} AND d."runId" = ${p.runId} AND d."status" = 'PROCESSING' AND d."number" = 0
      AND d."type" IN ('NFE', 'NFCE')${p.condition ? ` AND ${p.condition}` : ""}
    FOR UPDATE OF d
  ), allocated AS (${numberingUpsertSql(`SELECT ${p.numberingId}::text, t."companyId", t."model", t."series", t."environment" FROM target t`)}
  ), assigned AS (
    UPDATE "FiscalDocument" d SET "number" = a."number", "series" = t."series",${p.snapshot ? ` "clientSnapshot" = coalesce(${p.snapshot}::jsonb, d."clientSnapshot"),` : ""} "updatedAt" = ${p.now}::timestamp
    FROM allocated a, target t WHERE d."id" = t."id" AND a."number" <= ${MAX_DOCUMENT_NUMBER}
    RETURNING d."number", d."series"
  )`;
}
