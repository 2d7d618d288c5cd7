import { db, type DbClient } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { ACCOUNT_KEY_PREFIX, forgetCachedApiKeys, generateApiKeySecret, hashApiKey, KEY_LIST_SELECT, shownPrefix, withCreator } from "./api-keys";
import type { AccountScope } from "@/lib/contracts/scopes";

// Account (tenant) API keys (docs/api-notes/authentication.md): created by an
// ADMIN or the CLI, they onboard and configure the tenant's companies through
// /v1/companies and act for one company with X-Company-Id. Stored like company
// keys: the SHA-256 of the secret, never the secret.

export async function createAccountApiKey(
  input: { tenantId: string; name: string; scopes: AccountScope[]; createdByUserId?: string | null },
  client: DbClient = db,
) {
  const tenant = await client.tenant.findUnique({ where: { id: input.tenantId }, select: { id: true } });
  if (!tenant) throw notFound("Tenant");
  const secret = generateApiKeySecret(ACCOUNT_KEY_PREFIX);
  const record = await client.accountApiKey.create({
    data: {
      tenantId: input.tenantId,
      createdByUserId: input.createdByUserId ?? null,
      name: input.name,
      scopes: input.scopes,
      prefix: shownPrefix(secret),
      secretHash: hashApiKey(secret),
    },
  });
  return { id: record.id, key: secret, prefix: record.prefix, scopes: record.scopes, name: record.name, createdAt: record.createdAt, tenantId: record.tenantId };
}

export async function listAccountApiKeys(tenantId: string, client: DbClient = db) {
  const keys = await client.accountApiKey.findMany({ where: { tenantId }, orderBy: { createdAt: "desc" }, select: KEY_LIST_SELECT });
  return keys.map(withCreator);
}

export async function revokeAccountApiKey(input: { tenantId: string; apiKeyId: string }, client: DbClient = db) {
  const result = await client.accountApiKey.updateMany({
    where: { id: input.apiKeyId, tenantId: input.tenantId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  forgetCachedApiKeys();
  if (result.count === 0) {
    const exists = await client.accountApiKey.findFirst({ where: { id: input.apiKeyId, tenantId: input.tenantId }, select: { id: true } });
    if (!exists) throw notFound("API key");
  }
}
