import { getPool } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { EXPORT_PAGE_SIZE } from "./config";
import { INUTILIZATIONS, inutilizationParams, MATCH, matchParams, type ExportCriteria, type ExportedDocument } from "./walk-documents";

// What resumo.csv reads, apart from the ZIP's walk: the documents in the order an accountant
// reconciles numbering (model, series, number), with the tax totals and CFOPs of each; the CFOP
// totals of the authorized ones; the ranges inutilized in the period. No XML is read.

/** An exported document's columns (no XML size), with what resumo.csv adds. */
export type ResumoRow = Omit<ExportedDocument, "xmlBytes"> & {
  authorizationDate: Date | null;
  protocolNumber: string | null;
  operationNature: string;
  cfops: string | null;
  /** From taxTotals (decimal strings); null where a stored document has no such total. */
  icmsBase: string | null;
  icms: string | null;
  stBase: string | null;
  st: string | null;
  ipi: string | null;
  pis: string | null;
  cofins: string | null;
  ibs: string | null;
  cbs: string | null;
  iss: string | null;
  rank: number;
};

// NF-e, NFC-e, NFS-e: the order of the models' numbering, then series and number.
const RANK = `CASE d."type"::text WHEN 'NFE' THEN 1 WHEN 'NFCE' THEN 2 ELSE 3 END`;

const ROWS = `
  SELECT d."id", d."type", d."status", d."series", d."number", d."nfseNumber", d."accessKey", d."issueDateTime",
         d."authorizationDate", d."protocolNumber", d."operationNature", d."totalValue"::text AS "totalValue", d."clientSnapshot",
         (SELECT string_agg(DISTINCT i."cfop", '/' ORDER BY i."cfop") FROM "FiscalDocumentItem" i WHERE i."documentId" = d."id" AND i."cfop" <> '') AS "cfops",
         d."taxTotals"->'icmsTot'->>'vBC' AS "icmsBase", d."taxTotals"->'icmsTot'->>'vICMS' AS "icms",
         d."taxTotals"->'icmsTot'->>'vBCST' AS "stBase", d."taxTotals"->'icmsTot'->>'vST' AS "st",
         d."taxTotals"->'icmsTot'->>'vIPI' AS "ipi", d."taxTotals"->'icmsTot'->>'vPIS' AS "pis",
         d."taxTotals"->'icmsTot'->>'vCOFINS' AS "cofins", d."taxTotals"->>'rtcIbsTotal' AS "ibs",
         d."taxTotals"->>'rtcCbsTotal' AS "cbs", d."taxTotals"->>'issTotal' AS "iss",
         ${RANK} AS "rank"
  ${MATCH}
    AND ($6::int IS NULL OR (${RANK}, coalesce(d."series", -1), d."number", d."id") > ($6::int, $7::int, $8::int, $9::text))
  ORDER BY ${RANK}, coalesce(d."series", -1), d."number", d."id"
  LIMIT $10`;

/** The export's documents, a page at a time, by model, series and number. */
export async function* resumoPages(c: ExportCriteria, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ResumoRow[]> {
  let after: ResumoRow | null = null;
  for (;;) {
    const page: ResumoRow[] = await sql<ResumoRow>(getPool(), ROWS, [
      ...matchParams(c),
      after?.rank ?? null,
      after ? (after.series ?? -1) : null,
      after?.number ?? null,
      after?.id ?? null,
      pageSize,
    ]);
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!;
  }
}

export type CfopTotal = { cfop: string; documents: number; products: string; icmsBase: string; icms: string; st: string; ipi: string };

/** Per CFOP, over the authorized NF-e and NFC-e of the export: documents, products (vProd − vDesc), ICMS base and amount, ST, IPI. */
export function cfopTotals(c: ExportCriteria): Promise<CfopTotal[]> {
  const amount = (path: string) => `coalesce(sum((i."taxes"${path})::numeric), 0)::text`;
  return sql<CfopTotal>(
    getPool(),
    `SELECT i."cfop", count(DISTINCT i."documentId")::int AS "documents", sum(i."grossValue" - i."discount")::text AS "products",
            ${amount(`->'icms'->>'base'`)} AS "icmsBase", ${amount(`->'icms'->>'amount'`)} AS "icms",
            ${amount(`->'icms'->'st'->>'amount'`)} AS "st", ${amount(`->'ipi'->>'amount'`)} AS "ipi"
     FROM "FiscalDocumentItem" i
     WHERE i."cfop" <> '' AND i."documentId" IN (SELECT d."id" ${MATCH} AND d."status" = 'AUTHORIZED' AND d."type"::text <> 'NFSE')
     GROUP BY i."cfop" ORDER BY i."cfop"`,
    matchParams(c),
  );
}

export type ResumoInutilization = { model: string; series: number; startNumber: number; endNumber: number; protocol: string | null; inutilizationDate: Date | null };

/** The ranges inutilized in the period (authorized), by model, series and first number. */
export function resumoInutilizations(c: ExportCriteria): Promise<ResumoInutilization[]> {
  return sql<ResumoInutilization>(
    getPool(),
    `SELECT i."model", i."series", i."startNumber", i."endNumber", i."protocol", i."inutilizationDate" ${INUTILIZATIONS}
     ORDER BY i."model", i."series", i."startNumber"`,
    inutilizationParams(c),
  );
}
