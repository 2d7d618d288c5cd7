import type { FiscalDocument } from "@prisma/client";
import { sql, type Queryable } from "@/lib/db/sql";
import { fromSqlRow, insertRowsSql } from "@/lib/db/sql-models";

type Row = Record<string, unknown>;

/** A new document and its children, as plain objects (Decimals as text, Dates). */
export type DocumentRows = { document: Row & { id: string }; items: Row[]; payments: Row[]; duplicates: Row[]; transport: Row[] };

/**
 * Writes a document, its children and optionally its background run in ONE
 * statement (data-modifying CTEs; foreign keys are checked at its end), and
 * returns the document row as Prisma would.
 */
export async function insertDocumentRows(client: Queryable, rows: DocumentRows, run: Row | null): Promise<FiscalDocument> {
  const parts: Array<{ model: Parameters<typeof insertRowsSql>[0]; rows: Row[] }> = [
    { model: "FiscalDocumentItem", rows: rows.items },
    { model: "DocumentPayment", rows: rows.payments },
    { model: "DocumentDuplicate", rows: rows.duplicates },
    { model: "DocumentTransport", rows: rows.transport },
    { model: "BackgroundRun", rows: run ? [run] : [] },
  ].filter((part) => part.rows.length > 0) as never;
  const values: string[] = [JSON.stringify([rows.document])];
  const ctes = [`d AS (${insertRowsSql("FiscalDocument", Object.keys(rows.document), 1, "*")})`];
  for (const part of parts) {
    values.push(JSON.stringify(part.rows));
    ctes.push(`c${values.length} AS (${insertRowsSql(part.model, Object.keys(part.rows[0]!), values.length)})`);
  }
  const [document] = await sql<Row>(client, `WITH ${ctes.join(", ")} SELECT * FROM d`, values);
  return fromSqlRow<FiscalDocument>("FiscalDocument", document!);
}
