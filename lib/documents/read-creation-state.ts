import type { Client, Company } from "@prisma/client";
import { findOrCreateInlineClient, inlineClientMatch, inlineClientValues } from "@/lib/clients/lookup";
import { getPool } from "@/lib/db/client";
import { sql, type Queryable } from "@/lib/db/sql";
import { fromSqlRow, jsonRow } from "@/lib/db/sql-models";
// Upward import kept (scripts/check-layers.ts): emit: true reads the emission load in the creation's one read.
import { emissionLoadBelowLimitsSql, emissionLoadSql, emissionLoadValues, type EmissionLoad } from "@/lib/emission/queue-emission";
import { notFound, unprocessable } from "@/lib/errors";
import type { WriteCondition } from "./insert-document-rows";
import type { CreateDocumentBody } from "./schemas";

export type CreationState = { company: Company; recipient: Client | null; load: EmissionLoad | null };
/** A creation state with the md5 of the company's and the recipient's rows as read: what a later write checks it against. */
export type HashedCreationState = CreationState & { companyHash: string; recipientHash: string | null };

/**
 * The SQL expressions of what creating a document reads, parameters from $1
 * (the company id) in `values`: the company's row, the recipient's (by
 * clientId, else the client the inline body stands for) and, when emitting,
 * the company's emission load, each as jsonb.
 */
export function creationStateSql(companyId: string, body: CreateDocumentBody, values: unknown[]): { company: string; recipient: string; load: string } {
  const first = values.push(companyId);
  const recipient = body.clientId
    ? `(SELECT ${jsonRow("Client", "c")} FROM "Client" c WHERE c."id" = $${values.push(body.clientId)}::text AND c."companyId" = $${first}::text)`
    : body.client
      ? `(SELECT ${jsonRow("Client", "c")} FROM "Client" c WHERE ${inlineClientMatch(values.length + 1)} ORDER BY c."createdAt" LIMIT 1)`
      : "NULL::jsonb";
  if (!body.clientId && body.client) values.push(...inlineClientValues(companyId, body.client));
  const load = body.emit ? emissionLoadSql(values.length + 1) : "NULL::jsonb";
  if (body.emit) values.push(...emissionLoadValues(companyId));
  return { company: `(SELECT ${jsonRow("Company", "k")} FROM "Company" k WHERE k."id" = $${first}::text)`, recipient, load };
}

/**
 * What creating a document reads, in ONE statement (creationStateSql), with
 * the rows' md5. A referenced clientId of another company is 422
 * invalid_client; a missing inline client is null (the caller creates it).
 */
export async function readCreationState(companyId: string, body: CreateDocumentBody): Promise<HashedCreationState> {
  const values: unknown[] = [];
  const read = creationStateSql(companyId, body, values);
  const [row] = await sql<{ company: Record<string, unknown> | null; recipient: Record<string, unknown> | null; load: EmissionLoad | null }>(
    getPool(),
    `SELECT s."company", s."recipient", s."load", md5(s."company"::text) AS "companyHash", md5(s."recipient"::text) AS "recipientHash"
     FROM (SELECT ${read.company} AS "company", ${read.recipient} AS "recipient", ${read.load} AS "load") s`,
    values,
  );
  if (!row?.company) throw notFound("Company");
  if (body.clientId && !row.recipient) throw unprocessable("invalid_client", `Client ${body.clientId} does not exist in this company`);
  const hashes = row as unknown as { companyHash: string; recipientHash: string | null };
  return {
    company: fromSqlRow<Company>("Company", row.company),
    recipient: row.recipient ? fromSqlRow<Client>("Client", row.recipient) : null,
    load: loadOf(row.load),
    companyHash: hashes.companyHash,
    recipientHash: hashes.recipientHash,
  };
}

/**
 * The condition of a write composed from `state`: the company's and the
 * recipient's rows unchanged (creationStateSql read again by the write's own
 * statement, md5 against md5) and, when emitting, the emission load below its
 * limits. Its answer: { fresh, load }.
 */
export function unchangedCreationState(companyId: string, body: CreateDocumentBody, state: Pick<HashedCreationState, "companyHash" | "recipientHash">): WriteCondition {
  const values: unknown[] = [];
  const read = creationStateSql(companyId, body, values);
  const company = `$${values.push(state.companyHash)}::text`;
  const recipient = `$${values.push(state.recipientHash)}::text`;
  const answer = `jsonb_build_object('fresh', md5(${read.company}::text) = ${company} AND md5(${read.recipient}::text) IS NOT DISTINCT FROM ${recipient}, 'load', ${read.load})`;
  const load = `(g."answer"->'load')`;
  return { values, answer, ok: `(g."answer"->>'fresh')::boolean AND (${load} = 'null'::jsonb OR ${emissionLoadBelowLimitsSql(load, values)})` };
}

export function loadOf(load: EmissionLoad | null): EmissionLoad | null {
  return load ? { pending: Number(load.pending), due: Number(load.due) } : null;
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
