import type { Client, Company } from "@prisma/client";
import { findOrCreateInlineClient, inlineClientMatch, inlineClientValues } from "@/lib/clients/lookup";
import { getPool } from "@/lib/db/client";
import { sql, type Queryable } from "@/lib/db/sql";
import { fromSqlRow, jsonRow } from "@/lib/db/sql-models";
// Upward import kept (scripts/check-layers.ts): emit: true reads the emission load in the creation's one read.
import { emissionLoadSql, emissionLoadValues, type EmissionLoad } from "@/lib/emission/queue-emission";
import { notFound, unprocessable } from "@/lib/errors";
import type { CreateDocumentBody } from "./schemas";

export type CreationState = { company: Company; recipient: Client | null; load: EmissionLoad | null };

/**
 * What creating a document reads, in ONE statement: the company, the
 * recipient when it exists (by clientId, else the client the inline body
 * stands for) and, when emitting, the company's emission load. A referenced
 * clientId of another company is 422 invalid_client; a missing inline client
 * is null (the caller creates it).
 */
export async function readCreationState(companyId: string, body: CreateDocumentBody): Promise<CreationState> {
  const values: unknown[] = [companyId];
  const recipientSql = body.clientId
    ? `(SELECT ${jsonRow("Client", "c")} FROM "Client" c WHERE c."id" = $${values.push(body.clientId)}::text AND c."companyId" = $1::text)`
    : body.client
      ? `(SELECT ${jsonRow("Client", "c")} FROM "Client" c WHERE ${inlineClientMatch(values.length + 1)} ORDER BY c."createdAt" LIMIT 1)`
      : "NULL::jsonb";
  if (!body.clientId && body.client) values.push(...inlineClientValues(companyId, body.client));
  const loadSql = body.emit ? emissionLoadSql(values.length + 1) : "NULL::jsonb";
  if (body.emit) values.push(...emissionLoadValues(companyId));

  const [row] = await sql<{ company: Record<string, unknown> | null; recipient: Record<string, unknown> | null; load: EmissionLoad | null }>(
    getPool(),
    `SELECT (SELECT ${jsonRow("Company", "k")} FROM "Company" k WHERE k."id" = $1::text) AS "company", ${recipientSql} AS "recipient", ${loadSql} AS "load"`,
    values,
  );
  if (!row?.company) throw notFound("Company");
  if (body.clientId && !row.recipient) throw unprocessable("invalid_client", `Client ${body.clientId} does not exist in this company`);
  return {
    company: fromSqlRow<Company>("Company", row.company),
    recipient: row.recipient ? fromSqlRow<Client>("Client", row.recipient) : null,
    load: row.load ? { pending: Number(row.load.pending), due: Number(row.load.due) } : null,
  };
}

/**
 * The client record a document is written for: the one found, else the
 * inline client created in the caller's transaction, or none for an
 * anonymous NFC-e (neither clientId nor client: no record is created).
 */
export async function recipientRecordOf(companyId: string, body: CreateDocumentBody, found: Client | null, client: Queryable): Promise<Client | null> {
  if (found) return found;
  return body.client ? findOrCreateInlineClient(companyId, body.client, client) : null;
}
