import { randomUUID } from "node:crypto";
import type { Client, Prisma } from "@prisma/client";
import { db, getPool, type DbClient } from "@/lib/db/client";
import { inSqlTransaction, sqlOn, type Queryable } from "@/lib/db/sql";
import { conflict, notFound, unprocessable } from "@/lib/errors";
import { assertThirdPartyStateRegistration } from "@/lib/companies/state-registration";
import { resolveClientIdentity } from "./client-identity";
import { withTransaction } from "@/lib/db/with-transaction";
import { CLIENT_COLUMNS } from "./client-columns";
import type { ClientResponse, CreateClientInput, UpdateClientInput } from "./schemas";

export function toClientResponse(client: Client): ClientResponse {
  const { companyId: _companyId, createdAt, updatedAt, ...fields } = client;
  return { ...fields, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

const OPTIONAL_FIELDS = [
  "fantasyName", "stateRegistration", "icmsTaxpayer", "email", "phone", "zipCode", "street", "number",
  "complement", "neighborhood", "city", "state", "municipalityCode", "countryCode",
] as const;

/** The optional columns that were sent; "" and null both clear a column. */
function optionalColumns(input: UpdateClientInput): Prisma.ClientUncheckedUpdateInput {
  const data: Record<string, unknown> = {};
  for (const field of OPTIONAL_FIELDS) {
    if (input[field] !== undefined) data[field] = input[field] === "" ? null : input[field];
  }
  return data as Prisma.ClientUncheckedUpdateInput;
}

/**
 * A document may be registered once per company (spec, Clients POST). The
 * table has no partial unique index (empty documents repeat), so writers of
 * the same document serialise on an advisory lock inside their transaction.
 */
async function assertDocumentFree(tx: DbClient, companyId: string, document: string, exceptId?: string): Promise<void> {
  if (document === "") return;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`client:${companyId}:${document}`}))`;
  const existing = await tx.client.findFirst({ where: { companyId, document, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (existing) throw unprocessable("duplicate_document", `A client with document ${document} is already registered in this company (${existing.id})`);
}

// POST /v1/clients in plain SQL on Prisma's pool (lib/db/sql.ts): through the
// ORM's interactive transaction it cost 7-9 ms of server CPU per request
// (bench:api), most of it compiling five queries. The same rule as
// assertDocumentFree: writers of a document serialise on the advisory lock, and
// the existence check runs in a statement after it (its own snapshot, so it
// sees a writer that committed while we waited).
const LOCK_DOCUMENT = `SELECT 1 AS "locked" FROM pg_advisory_xact_lock(hashtext($1))`;
const INSERT_CLIENT = `
  INSERT INTO "Client" ("id", "companyId", "name", "fantasyName", "document", "documentType", "type", "stateRegistration",
    "icmsTaxpayer", "email", "phone", "zipCode", "street", "number", "complement", "neighborhood", "city", "state",
    "municipalityCode", "countryCode", "isActive", "createdAt", "updatedAt")
  SELECT $1, $2, $3, $4, $5, $6::"PersonDocumentType", $7::"ClientType", $8, $9::"IcmsTaxpayer", $10, $11, $12, $13, $14, $15, $16,
    $17, $18, $19, $20, $21, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
  WHERE $5 = '' OR NOT EXISTS (SELECT 1 FROM "Client" WHERE "companyId" = $2 AND "document" = $5)
  RETURNING ${CLIENT_COLUMNS}`;
const FIND_BY_DOCUMENT = `SELECT "id" FROM "Client" WHERE "companyId" = $1 AND "document" = $2 LIMIT 1`;

/** Creates the client; in the caller's transaction when given one, else in its own (none for an empty document: one statement). */
export async function createClient(companyId: string, input: CreateClientInput, client?: DbClient): Promise<ClientResponse> {
  const identity = resolveClientIdentity(input);
  assertThirdPartyStateRegistration(input.stateRegistration, input.state, "body.stateRegistration");
  const optional = optionalColumns(input) as Record<(typeof OPTIONAL_FIELDS)[number], string | null | undefined>;
  const column = (field: (typeof OPTIONAL_FIELDS)[number]) => optional[field] ?? null;
  const values = [
    randomUUID(), companyId, input.name, column("fantasyName"), identity.document, identity.documentType, identity.type,
    column("stateRegistration"), column("icmsTaxpayer"), column("email"), column("phone"), column("zipCode"), column("street"),
    column("number"), column("complement"), column("neighborhood"), column("city"), column("state"), column("municipalityCode"),
    column("countryCode"), input.isActive ?? true,
  ];
  const run = async (tx: DbClient | Queryable) => {
    if (identity.document !== "") await sqlOn(tx, LOCK_DOCUMENT, [`client:${companyId}:${identity.document}`]);
    const [created] = await sqlOn<ClientResponse>(tx, INSERT_CLIENT, values);
    if (created) return created;
    const [existing] = await sqlOn<{ id: string }>(tx, FIND_BY_DOCUMENT, [companyId, identity.document]);
    throw unprocessable("duplicate_document", `A client with document ${identity.document} is already registered in this company (${existing?.id})`);
  };
  if (client) return withTransaction(client, run);
  return identity.document === "" ? run(getPool()) : inSqlTransaction(run);
}

export async function findClientRecord(companyId: string, id: string, client: DbClient = db): Promise<Client> {
  const found = await client.client.findFirst({ where: { id, companyId } });
  if (!found) throw notFound("Client");
  return found;
}

export async function getClient(companyId: string, id: string, client: DbClient = db): Promise<ClientResponse> {
  return toClientResponse(await findClientRecord(companyId, id, client));
}

/** PATCH: only the fields sent change; identity is re-derived when document or its types are sent. */
export async function updateClient(companyId: string, id: string, input: UpdateClientInput, client: DbClient = db): Promise<ClientResponse> {
  const run = async (tx: DbClient) => {
    const current = await findClientRecord(companyId, id, tx);
    if (input.stateRegistration !== undefined || input.state !== undefined) {
      assertThirdPartyStateRegistration(input.stateRegistration !== undefined ? input.stateRegistration : current.stateRegistration, input.state !== undefined ? input.state : current.state, "body.stateRegistration");
    }
    const data: Prisma.ClientUncheckedUpdateInput = optionalColumns(input);
    if (input.name !== undefined) data.name = input.name;
    if (input.isActive !== undefined) data.isActive = input.isActive;
    if (input.document !== undefined || input.documentType !== undefined || input.type !== undefined) {
      const documentChanged = input.document !== undefined;
      const identity = resolveClientIdentity({
        document: documentChanged ? input.document : current.document,
        // A new document re-infers its types unless they are sent with it.
        documentType: input.documentType !== undefined ? input.documentType : documentChanged ? null : current.documentType,
        type: input.type !== undefined ? input.type : documentChanged || input.documentType != null ? null : current.type,
      });
      if (identity.document !== current.document) await assertDocumentFree(tx, companyId, identity.document, id);
      Object.assign(data, identity);
    }
    return toClientResponse(await tx.client.update({ where: { id: current.id }, data }));
  };
  return withTransaction(client, run);
}

/** Removal is refused while documents point at the client (spec, Clients DELETE → 409). */
export async function deleteClient(companyId: string, id: string, client: DbClient = db): Promise<void> {
  const run = async (tx: DbClient) => {
    const current = await findClientRecord(companyId, id, tx);
    const linked = await tx.fiscalDocument.count({ where: { companyId, clientId: current.id } });
    if (linked > 0) throw conflict("client_has_documents", `The client has ${linked} linked fiscal document(s) and cannot be removed; set isActive false instead`);
    await tx.client.delete({ where: { id: current.id } });
  };
  return withTransaction(client, run);
}
