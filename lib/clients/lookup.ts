import type { Client, Prisma } from "@prisma/client";
import { db, type DbClient } from "@/lib/db/client";
import { unprocessable } from "@/lib/errors";
import { resolveClientIdentity } from "./client-identity";
import type { CreateClientInput } from "./schemas";

/** A client referenced from a document body: another company's (or unknown) id is 422 invalid_client. */
export async function findCompanyClient(companyId: string, clientId: string, client: DbClient = db): Promise<Client> {
  const found = await client.client.findFirst({ where: { id: clientId, companyId } });
  if (!found) throw unprocessable("invalid_client", `Client ${clientId} does not exist in this company`);
  return found;
}

/**
 * The inline client of a document (spec, Create-document rule 3): reused when
 * the company already has the document, else created. Unidentified final
 * consumers (empty document) are matched by name. Pass the document's
 * transaction so nothing is left behind when the document fails.
 */
export async function findOrCreateInlineClient(companyId: string, input: CreateClientInput, client: DbClient = db): Promise<Client> {
  const identity = resolveClientIdentity(input, "body.client");
  if (identity.document !== "") {
    await client.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`client:${companyId}:${identity.document}`}))`;
  }
  const existing = await client.client.findFirst({
    where: identity.document !== ""
      ? { companyId, document: identity.document }
      : { companyId, document: "", name: { equals: input.name, mode: "insensitive" } },
    orderBy: { createdAt: "asc" },
  });
  if (existing) return existing;
  const data: Prisma.ClientUncheckedCreateInput = {
    companyId,
    name: input.name,
    ...identity,
    email: input.email ?? null,
    zipCode: input.zipCode || null,
    street: input.street ?? null,
    number: input.number ?? null,
    neighborhood: input.neighborhood ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    municipalityCode: input.municipalityCode ?? null,
  };
  return client.client.create({ data });
}
