import type { Pool } from "pg";

// Test-only: `count` authorized NF-e/NFC-e of one company issued across a month (one in ten
// CANCELLED, with its registered cancellation event), written by PostgreSQL itself (XML of
// about 2 KB of hex each), the shape bench:export seeds. Ids are `${prefix}-<n>`; access keys
// (unique in the whole table) start with 8 random digits, so test files sharing a database differ.

export async function seedExportDocuments(pool: Pool, companyId: string, options: { prefix: string; count: number; month: string }): Promise<void> {
  const { prefix, count, month } = options;
  await pool.query(
    `INSERT INTO "FiscalDocument" ("id", "companyId", "type", "status", "environment", "series", "number", "accessKey", "clientSnapshot", "operationNature",
       "issueDateTime", "productsTotal", "totalValue", "taxTotals", "authorizedXml", "signedXml", "updatedAt")
     SELECT $4 || '-' || i, $1, CASE WHEN i % 3 = 0 THEN 'NFCE' ELSE 'NFE' END::"DocumentType", CASE WHEN i % 10 = 0 THEN 'CANCELLED' ELSE 'AUTHORIZED' END::"DocumentStatus",
       'HOMOLOGATION', 1, i, '35' || $5 || lpad(i::text, 34, '0'), jsonb_build_object('name', 'Cliente ' || i, 'document', '06929383000163'), 'Venda',
       ($3 || '-01 03:00:00')::timestamp + (i * interval '1 second' * (2592000 / $2::int)), (i % 1000) + 0.99, (i % 1000) + 0.99, '{}'::jsonb,
       '<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe>' || (SELECT string_agg(md5(i::text || '-' || k), '') FROM generate_series(1, 60) AS k) || '</NFe></nfeProc>',
       NULL, now()
     FROM generate_series(1, $2::int) AS i`,
    [companyId, count, month, prefix, String(Math.floor(Math.random() * 1e8)).padStart(8, "0")],
  );
  await pool.query(
    `INSERT INTO "DocumentEvent" ("id", "documentId", "companyId", "kind", "eventCode", "sequence", "outcome", "cStat", "responseXml", "occurredAt")
     SELECT $3 || '-ev-' || i, $3 || '-' || i, $1, 'CANCELLATION', '110111', 1, 'AUTHORIZED', '135',
       '<procEventoNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00">' || md5('e' || i::text) || '</procEventoNFe>',
       d."issueDateTime" + interval '1 hour'
     FROM generate_series(1, $2::int) AS i JOIN "FiscalDocument" d ON d."id" = $3 || '-' || i WHERE i % 10 = 0`,
    [companyId, count, prefix],
  );
}
