import type { FiscalDocument } from "@prisma/client";
import { sql, type Queryable } from "@/lib/db/sql";
import { fromSqlRow, insertRowsSql } from "@/lib/db/sql-models";
import type { DocumentRows } from "./insert-document-rows";

type Row = Record<string, unknown>;

// Columns an edit never rewrites: identity, lifecycle and emission bookkeeping.
const KEPT_COLUMNS = new Set(["id", "companyId", "status", "runId", "number", "createdAt"]);
const CHILDREN = ["FiscalDocumentItem", "DocumentPayment", "DocumentDuplicate", "DocumentTransport"] as const;

/**
 * Replaces the content of an existing document with freshly composed rows,
 * inside the caller's transaction (which holds the document's row lock): its
 * items, payments, installments and transport are deleted and written again,
 * and the document's own columns are rewritten except identity, status,
 * run and number (`keep` lists more columns to leave as they are).
 */
export async function replaceDocumentRows(client: Queryable, documentId: string, rows: DocumentRows, keep: string[] = []): Promise<FiscalDocument> {
  for (const table of CHILDREN) await sql(client, `DELETE FROM "${table}" WHERE "documentId" = $1`, [documentId]);
  const columns = Object.keys(rows.document).filter((column) => !KEPT_COLUMNS.has(column) && !keep.includes(column));
  const list = columns.map((c) => `"${c}"`).join(", ");
  const [document] = await sql<Row>(
    client,
    `UPDATE "FiscalDocument" SET (${list}) = (SELECT ${list} FROM jsonb_populate_record(NULL::"FiscalDocument", $2::jsonb)) WHERE "id" = $1 RETURNING *`,
    [documentId, JSON.stringify(rows.document)],
  );
  const children: Array<[(typeof CHILDREN)[number], Row[]]> = [
    ["FiscalDocumentItem", rows.items],
    ["DocumentPayment", rows.payments],
    ["DocumentDuplicate", rows.duplicates],
    ["DocumentTransport", rows.transport],
  ];
  for (const [model, list] of children) {
    if (list.length === 0) continue;
    const owned = list.map((row) => ({ ...row, documentId }));
    await sql(client, insertRowsSql(model, Object.keys(owned[0]!), 1), [JSON.stringify(owned)]);
  }
  return fromSqlRow<FiscalDocument>("FiscalDocument", document!);
}
