import { hash as cryptoHash, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/config/env";
import { db, getPool, type DbClient } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { DomainError, notFound } from "@/lib/errors";
import { ExpiringLookupCache } from "./api-key-cache";
import type { ApiScope, Scope } from "@/lib/contracts/scopes";

// Keys look like "fsk_<43 base64url chars>" (256 bits of entropy): the prefix
// makes them recognisable in logs and secret scanners. Only the SHA-256 of the
// whole key is stored; a fast hash is right here because the secret is random,
// not a password.
const KEY_PREFIX = "fsk_";
// Account (tenant) keys: another prefix, so a leaked key says at once what it can reach.
export const ACCOUNT_KEY_PREFIX = "fsa_";
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 8;
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/** A company key acts for its company; an account key for its tenant (and a company of it named in X-Company-Id). */
export type ApiKeyPrincipal =
  | { kind: "company"; apiKeyId: string; companyId: string; scopes: ApiScope[] }
  | { kind: "account"; apiKeyId: string; tenantId: string; scopes: ApiScope[] };

export function hashApiKey(secret: string): string {
  return cryptoHash("sha256", secret, "hex");
}

export function generateApiKeySecret(prefix = KEY_PREFIX): string {
  return prefix + randomBytes(32).toString("base64url");
}

/** The first characters shown in lists, so people can tell keys apart. */
export const shownPrefix = (secret: string) => secret.slice(0, SHOWN_PREFIX_LENGTH);

export async function createApiKey(
  input: { companyId: string; name: string; scopes: Scope[]; createdByUserId?: string | null },
  client: DbClient = db,
) {
  const secret = generateApiKeySecret();
  const record = await client.apiKey.create({
    data: {
      companyId: input.companyId,
      createdByUserId: input.createdByUserId ?? null,
      name: input.name,
      scopes: input.scopes,
      prefix: shownPrefix(secret),
      secretHash: hashApiKey(secret),
    },
  });
  return { id: record.id, key: secret, prefix: record.prefix, scopes: record.scopes, name: record.name, createdAt: record.createdAt };
}

/** The columns a key list shows (company and account keys alike); never the hash. */
export const KEY_LIST_SELECT = { id: true, name: true, prefix: true, scopes: true, createdAt: true, lastUsedAt: true, revokedAt: true, createdBy: { select: { email: true, isActive: true } } } as const;

// A key outlives its creator (docs/api-notes/users-and-roles.md): the list says who made it and whether they are still active.
export function withCreator<K extends { createdBy: { email: string; isActive: boolean } | null }>({ createdBy, ...key }: K) {
  return { ...key, createdBy: createdBy ? { email: createdBy.email, active: createdBy.isActive } : null };
}

export async function listApiKeys(companyId: string, client: DbClient = db) {
  const keys = await client.apiKey.findMany({ where: { companyId }, orderBy: { createdAt: "desc" }, select: KEY_LIST_SELECT });
  return keys.map(withCreator);
}

export async function revokeApiKey(input: { companyId: string; apiKeyId: string }, client: DbClient = db) {
  const result = await client.apiKey.updateMany({
    where: { id: input.apiKeyId, companyId: input.companyId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  forgetCachedApiKeys();
  if (result.count === 0) {
    const exists = await client.apiKey.findFirst({ where: { id: input.apiKeyId, companyId: input.companyId } });
    if (!exists) throw notFound("API key");
  }
}

const invalidKey = () =>
  new DomainError(401, "invalid_api_key", "Missing, malformed, unknown or revoked API key. Send Authorization: Bearer <API_KEY>.");

// Plain SQL on Prisma's own pool (lib/db/client.ts getPool): this runs on every
// /v1 call, and each Prisma query (even $queryRaw) costs 0.4-1.1 ms of CPU in
// query compilation and its interpreter, more than the whole lookup here.
// Unnamed statements: a named one outlives its pg client in the embedded
// PGlite's single session ("prepared statement already exists" on reconnect).
const FIND_ACTIVE_KEY = `SELECT "id", "companyId", "scopes", "secretHash" FROM "ApiKey" WHERE "secretHash" = $1 AND "revokedAt" IS NULL LIMIT 1`;
// The columns are timestamp(3) holding UTC (Prisma's convention); the database's clock decides.
const TOUCH_LAST_USED = `UPDATE "ApiKey" SET "lastUsedAt" = now() AT TIME ZONE 'UTC' WHERE "id" = $1`;

type ActiveKeyRow = { id: string; companyId: string; scopes: string[]; secretHash: string };

// On globalThis: one cache for every route bundle of the Next server, so a revocation forgets them all.
type ActiveAccountKeyRow = { id: string; tenantId: string; scopes: string[]; secretHash: string };
const globalForKeys = globalThis as unknown as { __fiscalApiKeyCache?: ExpiringLookupCache<ActiveKeyRow>; __fiscalAccountKeyCache?: ExpiringLookupCache<ActiveAccountKeyRow>; __fiscalLastUsedWrites?: Map<string, number> };
const activeKeys = (globalForKeys.__fiscalApiKeyCache ??= new ExpiringLookupCache<ActiveKeyRow>());
const activeAccountKeys = (globalForKeys.__fiscalAccountKeyCache ??= new ExpiringLookupCache<ActiveAccountKeyRow>());

/** After a revocation: this process looks every key (company and account) up again at its next request (./api-key-cache.ts). */
export function forgetCachedApiKeys(): void {
  activeKeys.forget();
  activeAccountKeys.forget();
}

/** Resolves the Authorization header to a principal, or throws 401 invalid_api_key. */
export async function authenticateApiKey(authorization: string | null): Promise<ApiKeyPrincipal> {
  // The scheme is case-insensitive (RFC 9110 §11.1). Two Authorization headers
  // reach us joined by ", " and so fail the pattern: ambiguous credentials are refused.
  const match = /^Bearer ([A-Za-z0-9_-]{10,200})$/i.exec(authorization?.trim() ?? "");
  const secret = match?.[1];
  if (secret?.startsWith(ACCOUNT_KEY_PREFIX)) return authenticateAccountKey(secret);
  if (!secret || !secret.startsWith(KEY_PREFIX)) throw invalidKey();
  const hash = hashApiKey(secret);
  // The row as read at most API_KEY_CACHE_MS ago (./api-key-cache.ts): a
  // revocation applies at once in this process, within that time in the others.
  const record = await activeKeys.get(hash, env().API_KEY_CACHE_MS, async () => (await sql<ActiveKeyRow>(getPool(), FIND_ACTIVE_KEY, [hash]))[0]);
  // The lookup is by hash, so timing reveals nothing about the secret; the
  // constant-time comparison guards against any index/collation surprise.
  if (!record || !timingSafeEqual(Buffer.from(record.secretHash), Buffer.from(hash))) throw invalidKey();
  touchLastUsed(TOUCH_LAST_USED, record.id);
  return { kind: "company", apiKeyId: record.id, companyId: record.companyId, scopes: record.scopes as ApiScope[] };
}

const FIND_ACTIVE_ACCOUNT_KEY = `SELECT "id", "tenantId", "scopes", "secretHash" FROM "AccountApiKey" WHERE "secretHash" = $1 AND "revokedAt" IS NULL LIMIT 1`;
const TOUCH_ACCOUNT_LAST_USED = `UPDATE "AccountApiKey" SET "lastUsedAt" = now() AT TIME ZONE 'UTC' WHERE "id" = $1`;

async function authenticateAccountKey(secret: string): Promise<ApiKeyPrincipal> {
  const hash = hashApiKey(secret);
  // Cached like company keys: at most API_KEY_CACHE_MS old, forgotten at a revocation in this process.
  const record = await activeAccountKeys.get(hash, env().API_KEY_CACHE_MS, async () => (await sql<ActiveAccountKeyRow>(getPool(), FIND_ACTIVE_ACCOUNT_KEY, [hash]))[0]);
  if (!record || !timingSafeEqual(Buffer.from(record.secretHash), Buffer.from(hash))) throw invalidKey();
  touchLastUsed(TOUCH_ACCOUNT_LAST_USED, record.id);
  return { kind: "account", apiKeyId: record.id, tenantId: record.tenantId, scopes: record.scopes as ApiScope[] };
}

// On globalThis like the caches: the /v1 route table's module copy and Next's share the throttle.
const lastUsedWrites = (globalForKeys.__fiscalLastUsedWrites ??= new Map<string, number>());

/**
 * lastUsedAt is informative (the dashboard's "last used"), so it is written at
 * most once a minute per key and process, without awaiting: the request never
 * waits for it, and a failed write only leaves the value older.
 */
function touchLastUsed(statement: string, apiKeyId: string): void {
  const now = Date.now();
  const previous = lastUsedWrites.get(apiKeyId) ?? 0;
  if (now - previous < LAST_USED_WRITE_INTERVAL_MS) return;
  lastUsedWrites.set(apiKeyId, now);
  sql(getPool(), statement, [apiKeyId]).catch(() => undefined);
}

export function requireScope(principal: ApiKeyPrincipal, scope: ApiScope): void {
  if (!principal.scopes.includes(scope)) {
    throw new DomainError(403, "insufficient_scope", `This API key lacks the scope ${scope} required by this route.`);
  }
}
