import { randomUUID } from "node:crypto";
import { claimHolder, deadLocalHolders, HEARTBEAT_MS, STALE_HEARTBEAT_MS } from "./holder";
import { env } from "@/lib/config/env";
import { getPool } from "@/lib/db/client";
import { inSqlTransaction } from "@/lib/db/sql";
import { DomainError } from "@/lib/errors";

// The one way a request waits on the tax authority (cancel, correction letter,
// delivery receipt, inutilization, NFS-e cancellation):
//
//   1. claim   — a short transaction inserts an AuthorityCallClaim row: the
//                subject's key (one call at a time per document or series) and
//                the company's bound (AUTHORITY_CALLS_PER_COMPANY in flight,
//                429 rate_limited above it). Nothing stays open afterwards.
//   2. call    — the caller reads what it needs, calls the authority with no
//                transaction, connection or row lock held,
//   3. record  — and records the answer in its own short transaction, first
//                thing after the call (see lib/document-events).
//   4. release — the claim row is deleted; a crashed process's claim expires.
//
// A claim names its holder (host, pid) and renews a heartbeat while the call
// runs: a claim whose process died on this host, or whose heartbeat stopped for
// STALE_HEARTBEAT_MS, is taken over at once rather than blocking a retry until
// it expires (the retry then finishes the orphaned call: lib/document-events/intents).
//
// A caller waiting for the same key polls (no connection held while waiting).

export type AuthorityCallSubject = { companyId: string; key: string };

const POLL_MS = 100;

function leaseMs(): number {
  // Long enough for a send and a consult (lost-answer recovery), each bounded by the timeout.
  return env().AUTHORITY_TIMEOUT_MS * 2 + 30_000;
}

type ClaimResult = "claimed" | "busy" | "over_company_limit";

async function tryClaim(subject: AuthorityCallSubject, token: string, limit: number): Promise<ClaimResult> {
  return inSqlTransaction(async (client) => {
    // Serializes claims of one company (count then insert) without touching any business row.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('authority-calls:' || $1))`, [subject.companyId]);
    await client.query(
      `DELETE FROM "AuthorityCallClaim" WHERE "companyId" = $1 AND ("expiresAt" < now() AT TIME ZONE 'UTC' OR "heartbeatAt" < now() AT TIME ZONE 'UTC' - make_interval(secs => $2::double precision / 1000))`,
      [subject.companyId, STALE_HEARTBEAT_MS],
    );
    const claims = await client.query<{ key: string; token: string; holder: string | null }>(`SELECT "key", "token", "holder" FROM "AuthorityCallClaim" WHERE "companyId" = $1`, [subject.companyId]);
    const dead = deadLocalHolders(claims.rows);
    if (dead.length > 0) await client.query(`DELETE FROM "AuthorityCallClaim" WHERE "token" = ANY($1::text[])`, [dead.map((row) => row.token)]);
    const held = claims.rows.filter((row) => !dead.includes(row));
    if (held.some((row) => row.key === subject.key)) return "busy";
    if (held.length >= limit) return "over_company_limit";
    await client.query(
      `INSERT INTO "AuthorityCallClaim" ("key", "companyId", "token", "holder", "heartbeatAt", "expiresAt") VALUES ($1, $2, $3, $4, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC' + make_interval(secs => $5::double precision / 1000))`,
      [subject.key, subject.companyId, token, claimHolder, leaseMs()],
    );
    return "claimed";
  });
}

async function release(subject: AuthorityCallSubject, token: string): Promise<void> {
  await getPool().query(`DELETE FROM "AuthorityCallClaim" WHERE "key" = $1 AND "token" = $2`, [subject.key, token]);
}

export type AuthorityCallOptions = {
  /** How long to wait for another call on the same key (default: one authority timeout plus 5 s). */
  maxWaitMs?: number;
};

/**
 * Runs `fn` (which calls the authority) while holding the subject's claim and
 * one of the company's in-flight slots. Over the company's bound: 429
 * rate_limited with Retry-After. The key still busy after maxWaitMs: 409
 * authority_call_in_progress with Retry-After.
 */
export async function withAuthorityCall<T>(subject: AuthorityCallSubject, fn: () => Promise<T>, options: AuthorityCallOptions = {}): Promise<T> {
  const limit = env().AUTHORITY_CALLS_PER_COMPANY;
  const deadline = Date.now() + (options.maxWaitMs ?? env().AUTHORITY_TIMEOUT_MS + 5_000);
  const token = randomUUID();
  for (;;) {
    const result = await tryClaim(subject, token, limit);
    if (result === "claimed") break;
    if (result === "over_company_limit") {
      throw new DomainError(429, "rate_limited", `This company already has ${limit} calls to the tax authority in progress; retry in a few seconds`, { "Retry-After": "5" });
    }
    if (Date.now() >= deadline) {
      throw new DomainError(409, "authority_call_in_progress", "Another call to the tax authority about the same document or range is in progress; retry in a few seconds", { "Retry-After": "5" });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const heartbeat = setInterval(() => {
    getPool()
      .query(`UPDATE "AuthorityCallClaim" SET "heartbeatAt" = now() AT TIME ZONE 'UTC' WHERE "key" = $1 AND "token" = $2`, [subject.key, token])
      .catch((error: unknown) => console.error("authority call heartbeat failed", error));
  }, HEARTBEAT_MS);
  heartbeat.unref?.();
  try {
    return await fn();
  } finally {
    clearInterval(heartbeat);
    await release(subject, token).catch((error: unknown) => console.error("authority call claim not released (it expires)", error));
  }
}
