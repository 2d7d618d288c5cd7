import { idempotentCreation } from "@/lib/db/idempotent-run";
import { DomainError } from "@/lib/errors";
import { sql, type Queryable } from "@/lib/db/sql";
import { insertRowsSql } from "@/lib/db/sql-models";

type Row = Record<string, unknown>;

/** A new document and its children, as plain objects (Decimals as text, Dates). */
export type DocumentRows = { document: Row & { id: string }; items: Row[]; payments: Row[]; duplicates: Row[]; transport: Row[] };

/**
 * The condition a write is made under, checked by its own statement: `answer`
 * SQL computed once (as g."answer") and returned beside the outcome, `ok` a
 * boolean SQL expression over g."answer"; parameters from $1 in `values`.
 */
export type WriteCondition = { values: unknown[]; ok: string; answer: string };

/**
 * Under an Idempotency-Key, the document is recorded in the request's reservation by the same
 * statement, and only while this run still holds it (a retry that took the reservation over
 * changed its runId): a crash or a 5xx after the commit then leaves the retry the document to
 * answer with, and a run that lost its reservation writes nothing (docs/api-notes/idempotency.md).
 */
function reservationCte(documentId: string, values: unknown[], condition: string | null): string | null {
  const creation = idempotentCreation();
  if (!creation) return null;
  values.push(creation.index, documentId, creation.run.recordId, creation.run.runId);
  const n = values.length;
  return `i AS (UPDATE "IdempotencyRecord" SET "createdDocuments" = "createdDocuments" || jsonb_build_object($${n - 3}::text, $${n - 2}::text)
    WHERE "id" = $${n - 1} AND "runId" = $${n}${condition ? ` AND ${condition}` : ""} RETURNING 1)`;
}

/** The data-modifying CTEs writing the rows (document as "d"), parameters after `values`; each only when `condition` holds. */
function insertCtes(rows: DocumentRows, run: Row | null, values: unknown[], condition: string | null): string[] {
  const reservation = reservationCte(rows.document.id, values, condition);
  if (reservation) condition = "EXISTS (SELECT 1 FROM i)";
  const parts: Array<{ model: Parameters<typeof insertRowsSql>[0]; rows: Row[] }> = [
    { model: "FiscalDocumentItem", rows: rows.items },
    { model: "DocumentPayment", rows: rows.payments },
    { model: "DocumentDuplicate", rows: rows.duplicates },
    { model: "DocumentTransport", rows: rows.transport },
    { model: "BackgroundRun", rows: run ? [run] : [] },
  ].filter((part) => part.rows.length > 0) as never;
  values.push(JSON.stringify([rows.document]));
  const document = insertRowsSql("FiscalDocument", Object.keys(rows.document), values.length);
  const ctes = [...(reservation ? [reservation] : []), `d AS (${document}${condition ? ` WHERE ${condition}` : ""} RETURNING "id")`];
  for (const part of parts) {
    values.push(JSON.stringify(part.rows));
    // The children follow the document: none when it was not written.
    ctes.push(`c${values.length} AS (${insertRowsSql(part.model, Object.keys(part.rows[0]!), values.length)}${condition ? " WHERE EXISTS (SELECT 1 FROM d)" : ""})`);
  }
  return ctes;
}

// Nothing is read back: the document row is the one composed (FiscalDocument has no trigger, and
// the columns not written are nullable without a default), so the caller answers from `rows`.
// Returning the row as jsonb cost PostgreSQL its to_jsonb and the API its parse (bench:emit).

/**
 * Writes a document, its children and optionally its background run in ONE
 * statement (data-modifying CTEs; foreign keys are checked at its end).
 */
export async function insertDocumentRows(client: Queryable, rows: DocumentRows, run: Row | null): Promise<void> {
  const values: unknown[] = [];
  const ctes = insertCtes(rows, run, values, null);
  const written = await sql<Row>(client, `WITH ${ctes.join(", ")} SELECT 1 FROM d`, values);
  if (written.length === 0) throw reservationLost();
}

/** The only way an unconditional insert writes nothing: its Idempotency-Key reservation was taken over by a retry. */
function reservationLost(): DomainError {
  return new DomainError(409, "idempotency_key_in_use", "A retry with this Idempotency-Key took this request over; its answer is the retry's.", { "Retry-After": "1" });
}

/**
 * insertDocumentRows when `condition` holds, in the same ONE statement: the
 * document written, or nothing written and the condition's answer.
 */
export async function insertDocumentRowsIf(
  client: Queryable, rows: DocumentRows, run: Row | null, condition: WriteCondition,
): Promise<{ written: true } | { written: false; answer: unknown }> {
  const values = [...condition.values];
  const ctes = insertCtes(rows, run, values, `(SELECT ${condition.ok} FROM g)`);
  const [row] = await sql<{ written: boolean; answer: unknown }>(
    client,
    `WITH g AS (SELECT ${condition.answer} AS "answer"), ${ctes.join(", ")}
     SELECT EXISTS (SELECT 1 FROM d) AS "written", g."answer" FROM g`,
    values,
  );
  if (row!.written) return { written: true };
  if (idempotentCreation() && !(await holdsReservation(client))) throw reservationLost();
  return { written: false, answer: row!.answer };
}

async function holdsReservation(client: Queryable): Promise<boolean> {
  const { run } = idempotentCreation()!;
  const rows = await sql(client, `SELECT 1 FROM "IdempotencyRecord" WHERE "id" = $1 AND "runId" = $2`, [run.recordId, run.runId]);
  return rows.length > 0;
}
