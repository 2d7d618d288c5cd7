import type { Queryable } from "@/lib/db/sql";
import { sql } from "@/lib/db/sql";
import { conflict } from "@/lib/errors";

// externalId is unique per company among documents (docs/api-notes/documents.md, externalId):
// a retried create must not make a second document. The partial unique index of migration
// 20261127060100 backs this up, but a database that already held duplicates has no index, so
// the rule lives here: a transaction-scoped advisory lock per (company, externalId) serialises
// concurrent creates of one value, and the lookup under it sees every committed document.
const LOCK = `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`;
const FIND = `SELECT "id" FROM "FiscalDocument" WHERE "companyId" = $1 AND "externalId" = $2 ORDER BY "createdAt" LIMIT 1`;

/** Inside the creating transaction: waits for any concurrent create of the value, then refuses a taken one. */
export async function claimExternalId(client: Queryable, companyId: string, externalId: string): Promise<void> {
  await sql(client, LOCK, [`fiscal-document-external-id:${companyId}:${externalId}`]);
  const [existing] = await sql<{ id: string }>(client, FIND, [companyId, externalId]);
  if (existing) throw duplicateExternalId(externalId, existing.id);
}

export const duplicateExternalId = (externalId: string, documentId: string) =>
  conflict("duplicate_external_id", `A document with externalId ${externalId} already exists in this company: ${documentId}`);
