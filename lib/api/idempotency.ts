import { createHash, randomUUID } from "node:crypto";
import { getPool } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { runUnderReservation, type IdempotentRun } from "@/lib/db/idempotent-run";
import { DomainError, validationError } from "@/lib/errors";

// Idempotency-Key on /v1 writes (docs/api.md, Idempotency; docs/api-notes/idempotency.md),
// the convention integrators know from Stripe: the first request with a key reserves it (an
// INSERT that the unique (apiKeyId, scope, key) lets only one request win), runs, and stores
// its answer for 24 h; a repeat with the same request gets that answer again with
// Idempotent-Replayed: true. Requests refused before they run (authentication, scope,
// validation of the input) store nothing.
//
// A run that created a document may not run again: each document's insert records it in the
// reservation in the same statement (lib/db/idempotent-run.ts, lib/documents/insert-document-rows.ts),
// so when the run then fails (a 5xx after the commit: the pool busy during Prefer: wait) or never
// finishes (the process killed; its lease runs out), the reservation is kept and the retry runs
// again under it, answering with the recorded documents instead of creating them. Only a run
// that recorded nothing releases the key on a 5xx. A retry that takes a lapsed reservation over
// gives it a new runId, and the old run's inserts (still alive after all) then write nothing.

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
const RETENTION_HOURS = 24;
// A reservation whose request never finished (the process died) is taken over after this.
const LEASE_SECONDS = 300;
const LEASE_ENDED = `"responseStatus" IS NULL AND COALESCE("leaseExpiresAt", "createdAt" + make_interval(secs => ${LEASE_SECONDS})) <= now() AT TIME ZONE 'UTC'`;
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
  lapsed: boolean;
};

const RESERVE = `INSERT INTO "IdempotencyRecord" ("id", "apiKeyId", "scope", "key", "requestHash", "runId", "createdAt", "expiresAt", "leaseExpiresAt")
  VALUES ($1, $2, $3, $4, $5, $1, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC' + make_interval(hours => ${RETENTION_HOURS}), now() AT TIME ZONE 'UTC' + make_interval(secs => ${LEASE_SECONDS}))
  ON CONFLICT ("apiKeyId", "scope", "key") DO NOTHING RETURNING "id"`;
const READ = `SELECT "id", "requestHash", "responseStatus", "responseBody", "responseType",
    "expiresAt" < now() AT TIME ZONE 'UTC' AS "expired", ${LEASE_ENDED} AS "lapsed"
  FROM "IdempotencyRecord" WHERE "apiKeyId" = $1 AND "scope" = $2 AND "key" = $3`;
// Deletes the row only once expired, so two repeats cannot both take it over.
const DROP_EXPIRED = `DELETE FROM "IdempotencyRecord" WHERE "id" = $1 AND "expiresAt" < now() AT TIME ZONE 'UTC'`;
// A run that died or failed: a retry holds the reservation from now on, with what it recorded.
const TAKE_OVER = `UPDATE "IdempotencyRecord" SET "runId" = $2, "leaseExpiresAt" = now() AT TIME ZONE 'UTC' + make_interval(secs => ${LEASE_SECONDS})
  WHERE "id" = $1 AND ${LEASE_ENDED} RETURNING "createdDocuments"`;
const COMPLETE = `UPDATE "IdempotencyRecord" SET "responseStatus" = $3, "responseBody" = $4, "responseType" = $5 WHERE "id" = $1 AND "runId" = $2`;
// A run whose answer is not kept: the key is free again when it created nothing, else its lease ends now.
const RELEASE = `WITH released AS (DELETE FROM "IdempotencyRecord" WHERE "id" = $1 AND "runId" = $2 AND "createdDocuments" = '{}'::jsonb RETURNING 1)
  UPDATE "IdempotencyRecord" SET "leaseExpiresAt" = now() AT TIME ZONE 'UTC' WHERE "id" = $1 AND "runId" = $2 AND NOT EXISTS (SELECT 1 FROM released)`;
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
 * Runs `run` at most once per (owner, key) within 24 h, or again under the same reservation
 * when the first run failed or died, answering then from what it created. `fingerprint`
 * tells a repeat from another request sent with the same key.
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
    if (reserved) return runReserved({ recordId: id, runId: id, created: {}, reused: false }, run);
    const [row] = await sql<StoredRow>(pool, READ, [owner.apiKeyId, owner.scope, key]);
    if (!row) continue; // released (a 5xx that created nothing) between the two statements: reserve again
    if (row.expired) {
      await sql(pool, DROP_EXPIRED, [row.id]);
      continue;
    }
    if (row.requestHash !== fingerprint) {
      throw new DomainError(422, "idempotency_key_reused", "This Idempotency-Key was already used with another request (method, path or body); use a new key for a new request.");
    }
    if (row.responseStatus !== null) return replay(row);
    if (!row.lapsed) {
      throw new DomainError(409, "idempotency_key_in_use", "A request with this Idempotency-Key is still running; retry once it has finished.", { "Retry-After": "1" });
    }
    const runId = randomUUID();
    const [taken] = await sql<{ createdDocuments: Record<string, string> }>(pool, TAKE_OVER, [row.id, runId]);
    if (taken) return runReserved({ recordId: row.id, runId, created: taken.createdDocuments, reused: false }, run);
  }
  throw new DomainError(409, "idempotency_key_in_use", "A request with this Idempotency-Key is being retried concurrently; retry in a moment.", { "Retry-After": "1" });
}

async function runReserved(reservation: IdempotentRun, run: () => Promise<Response>): Promise<Response> {
  const pool = getPool();
  const ids = [reservation.recordId, reservation.runId];
  let response: Response;
  try {
    response = await runUnderReservation(reservation, run);
  } catch (error) {
    await sql(pool, RELEASE, ids).catch(() => undefined);
    throw error;
  }
  if (reservation.reused) response = markedReplayed(response);
  if (response.status >= 500 || reservation.answerNotKept) {
    await sql(pool, RELEASE, ids);
    return response;
  }
  const text = response.status === 204 ? null : await response.clone().text();
  await sql(pool, COMPLETE, [...ids, response.status, text, response.headers.get("content-type")]);
  return response;
}

function markedReplayed(response: Response): Response {
  try {
    response.headers.set(REPLAYED_HEADER, "true");
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(REPLAYED_HEADER, "true");
    return copy;
  }
}
function replay(row: StoredRow): Response {
  const headers: Record<string, string> = { [REPLAYED_HEADER]: "true" };
  if (row.responseType) headers["content-type"] = row.responseType;
  return new Response(row.responseStatus === 204 ? null : row.responseBody, { status: row.responseStatus!, headers });
}
