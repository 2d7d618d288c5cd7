import { randomUUID } from "node:crypto";
import type { Client } from "@prisma/client";
import { getPool } from "@/lib/db/client";
import { sql, utc, type Queryable } from "@/lib/db/sql";
import { fromSqlRow, insertRowsSql } from "@/lib/db/sql-models";
import { assertThirdPartyStateRegistration } from "@/lib/companies/state-registration";
import { resolveClientIdentity } from "./client-identity";
import type { CreateClientInput } from "./schemas";

// Plain SQL (lib/db/sql): these run inside document creation's transaction, a hot path.

/**
 * The inline client of a document (spec, Create-document rule 3): reused when
 * the company already has the document, else created. Unidentified final
 * consumers (empty document) are matched by name. Pass the document's
 * transaction so nothing is left behind when the document fails; the advisory
 * lock (on the document, or the name of an unidentified consumer) makes two
 * documents for a new client create it once.
 */
export async function findOrCreateInlineClient(companyId: string, input: CreateClientInput, client: Queryable = getPool()): Promise<Client> {
  const identity = resolveClientIdentity(input, "body.client");
  // Unidentified final consumers are matched by name, so they are locked by name (issue 16: 30
  // parallel creates made 10 rows).
  const lockKey = identity.document !== "" ? identity.document : `name:${input.name.toLowerCase()}`;
  await sql(client, `SELECT pg_advisory_xact_lock(hashtext($1))`, [`client:${companyId}:${lockKey}`]);
  const [existing] = await sql<Record<string, unknown>>(client, `SELECT * FROM "Client" c WHERE ${inlineClientMatch(1)} ORDER BY c."createdAt" LIMIT 1`, inlineClientValues(companyId, input));
  if (existing) return fromSqlRow<Client>("Client", existing);
  assertThirdPartyStateRegistration(input.stateRegistration, input.state, "body.client.stateRegistration");
  const now = utc(new Date());
  const row = {
    id: randomUUID(),
    companyId,
    name: input.name,
    ...identity,
    // The IE and contributor status decide indIEDest, the CFOP and the DIFAL: stored as checked (issue 15).
    fantasyName: input.fantasyName ?? null,
    stateRegistration: input.stateRegistration || null,
    icmsTaxpayer: input.icmsTaxpayer ?? null,
    email: input.email ?? null,
    phone: input.phone ?? null,
    complement: input.complement ?? null,
    countryCode: input.countryCode ?? null,
    zipCode: input.zipCode || null,
    street: input.street ?? null,
    number: input.number ?? null,
    neighborhood: input.neighborhood ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    municipalityCode: input.municipalityCode ?? null,
    createdAt: now,
    updatedAt: now,
  };
  const [created] = await sql<Record<string, unknown>>(client, insertRowsSql("Client", Object.keys(row), 1, "*"), [JSON.stringify([row])]);
  return fromSqlRow<Client>("Client", created!);
}

/**
 * The condition (on table alias c, parameters from $`first`: see inlineClientValues) that finds the
 * company's client an inline client body stands for: same document, or an unidentified final
 * consumer of the same name.
 */
export function inlineClientMatch(first: number): string {
  return `c."companyId" = $${first}::text AND c."document" = $${first + 1}::text AND ($${first + 1}::text <> '' OR lower(c."name") = lower($${first + 2}::text))`;
}

export function inlineClientValues(companyId: string, input: CreateClientInput): unknown[] {
  return [companyId, resolveClientIdentity(input, "body.client").document, input.name];
}
