import { createHash, randomUUID } from "node:crypto";
import { getPool } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { DomainError, validationError } from "@/lib/errors";

// Idempotency-Key on /v1 writes (docs/api.md, Idempotency), the convention
// integrators know from Stripe: the first request with a key reserves it (an
// INSERT that the unique (apiKeyId, scope, key) lets only one request win),
// runs, and stores its answer for 24 h; a repeat with the same request gets
// that answer again with Idempotent-Replayed: true. 5xx answers are not kept:
// the reservation is released so a retry runs again. Requests refused before
// they run (authentication, scope, validation of the input) store nothing.

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
const RETENTION_HOURS = 24;
// A reservation whose request never finished (the process died) is taken over after this.
const ABANDONED_AFTER_SECONDS = 300;
// One reservation in this many also deletes a bounded batch of expired rows of any key.
const SWEEP_ONE_IN = 100;
const PRINTABLE_ASCII = /^[\x20-\x7E]{1,255}$/;
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type StoredRow = {
  id: string;
  requestHash: string;
  responseStatus: number | null;
  responseBody: string | null;
  responseType: string | null;
  expired: boolean;
  abandoned: boolean;
};

const RESERVE = `INSERT INTO "IdempotencyRecord" ("id", "apiKeyId", "scope", "key", "requestHash", "createdAt", "expiresAt")
  VALUES ($1, $2, $3, $4, $5, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC' + make_interval(hours => ${RETENTION_HOURS}))
  ON CONFLICT ("apiKeyId", "scope", "key") DO NOTHING RETURNING "id"`;
const READ = `SELECT "id", "requestHash", "responseStatus", "responseBody", "responseType",
    "expiresAt" < now() AT TIME ZONE 'UTC' AS "expired",
    "responseStatus" IS NULL AND "createdAt" < now() AT TIME ZONE 'UTC' - make_interval(secs => ${ABANDONED_AFTER_SECONDS}) AS "abandoned"
  FROM "IdempotencyRecord" WHERE "apiKeyId" = $1 AND "scope" = $2 AND "key" = $3`;
// Deletes the row only in the state it was read in, so two repeats cannot both take it over.
const DROP_STALE = `DELETE FROM "IdempotencyRecord" WHERE "id" = $1 AND ("expiresAt" < now() AT TIME ZONE 'UTC' OR ("responseStatus" IS NULL AND "createdAt" < now() AT TIME ZONE 'UTC' - make_interval(secs => ${ABANDONED_AFTER_SECONDS})))`;
const COMPLETE = `UPDATE "IdempotencyRecord" SET "responseStatus" = $2, "responseBody" = $3, "responseType" = $4 WHERE "id" = $1`;
const RELEASE = `DELETE FROM "IdempotencyRecord" WHERE "id" = $1`;
const SWEEP = `DELETE FROM "IdempotencyRecord" WHERE "id" IN (SELECT "id" FROM "IdempotencyRecord" WHERE "expiresAt" < now() AT TIME ZONE 'UTC' LIMIT 500)`;

/** Who the key belongs to: the API key and the company acted for ("account" for account-level routes). */
export type IdempotencyOwner = { apiKeyId: string; scope: string };

/** The Idempotency-Key of a write request, validated; null when absent or the method is not a write. */
export function readIdempotencyKey(request: Request): string | null {
  if (!WRITE_METHODS.has(request.method.toUpperCase())) return null;
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return null;
  if (!PRINTABLE_ASCII.test(key)) throw validationError("headers.Idempotency-Key: must be 1 to 255 printable ASCII characters");
  return key;
}

export function requestFingerprint(request: Request, owner: IdempotencyOwner, body: unknown): string {
  const url = new URL(request.url);
  const material = JSON.stringify([request.method.toUpperCase(), url.pathname, url.search, owner.scope, body ?? null]);
  return createHash("sha256").update(material, "utf8").digest("hex");
}

/**
 * Runs `run` at most once per (owner, key) within 24 h. `fingerprint` tells
 * a repeat from another request sent with the same key.
 */
export async function runIdempotently(
  owner: IdempotencyOwner,
  key: string,
  fingerprint: string,
  run: () => Promise<Response>,
): Promise<Response> {
  const pool = getPool();
  if (Math.floor(Math.random() * SWEEP_ONE_IN) === 0) sql(pool, SWEEP).catch(() => undefined);
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = randomUUID();
    const [reserved] = await sql<{ id: string }>(pool, RESERVE, [id, owner.apiKeyId, owner.scope, key, fingerprint]);
    if (reserved) return runReserved(id, run);
    const [row] = await sql<StoredRow>(pool, READ, [owner.apiKeyId, owner.scope, key]);
    if (!row) continue; // released (a 5xx) between the two statements: reserve again
    if (row.expired || row.abandoned) {
      await sql(pool, DROP_STALE, [row.id]);
      continue;
    }
    if (row.requestHash !== fingerprint) {
      throw new DomainError(422, "idempotency_key_reused", "This Idempotency-Key was already used with another request (method, path or body); use a new key for a new request.");
    }
    if (row.responseStatus === null) {
      throw new DomainError(409, "idempotency_key_in_use", "A request with this Idempotency-Key is still running; retry once it has finished.", { "Retry-After": "1" });
    }
    return replay(row);
  }
  throw new DomainError(409, "idempotency_key_in_use", "A request with this Idempotency-Key is being retried concurrently; retry in a moment.", { "Retry-After": "1" });
}

async function runReserved(id: string, run: () => Promise<Response>): Promise<Response> {
  const pool = getPool();
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await sql(pool, RELEASE, [id]).catch(() => undefined);
    throw error;
  }
  if (response.status >= 500) {
    await sql(pool, RELEASE, [id]);
    return response;
  }
  const text = response.status === 204 ? null : await response.clone().text();
  await sql(pool, COMPLETE, [id, response.status, text, response.headers.get("content-type")]);
  return response;
}

function replay(row: StoredRow): Response {
  const headers: Record<string, string> = { [REPLAYED_HEADER]: "true" };
  if (row.responseType) headers["content-type"] = row.responseType;
  return new Response(row.responseStatus === 204 ? null : row.responseBody, { status: row.responseStatus!, headers });
}
