import { sql, type Queryable } from "@/lib/db/sql";
import { env } from "@/lib/config/env";
import { getPool } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { redisWindow } from "./redis-counters";

// Fixed-window counters in PostgreSQL (or in Redis when REDIS_URL is set and
// no PostgreSQL client is passed), so a limit holds across every web and
// worker process. The window is computed by the database clock (one clock for
// all processes). Every hit counts, refused ones too: a caller hammering past
// the limit stays refused until the window turns.

export type RateLimitRule = {
  /** What is limited and for whom, e.g. `webhook-dispatch:<companyId>`. */
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
};

export type RateLimitResult = {
  allowed: boolean;
  limit: number;
  /** Hits left in this window (0 once refused). */
  remaining: number;
  /** When the current window ends. */
  resetAt: Date;
  /** Whole seconds until the window ends (at least 1): the Retry-After value. */
  retryAfterSeconds: number;
};

const HIT = `
  INSERT INTO "RateLimitCounter" ("key", "windowStart", "count")
  VALUES ($1, to_timestamp(floor(extract(epoch FROM clock_timestamp()) / $2) * $2) AT TIME ZONE 'UTC', 1)
  ON CONFLICT ("key") DO UPDATE SET
    "count" = CASE WHEN "RateLimitCounter"."windowStart" = EXCLUDED."windowStart" THEN "RateLimitCounter"."count" + 1 ELSE 1 END,
    "windowStart" = EXCLUDED."windowStart"
  RETURNING "count", "windowStart", extract(epoch FROM clock_timestamp()) AS "nowEpoch"`;

const PEEK = `
  SELECT CASE WHEN "windowStart" = to_timestamp(floor(extract(epoch FROM clock_timestamp()) / $2) * $2) AT TIME ZONE 'UTC' THEN "count" ELSE 0 END AS "count",
         to_timestamp(floor(extract(epoch FROM clock_timestamp()) / $2) * $2) AT TIME ZONE 'UTC' AS "windowStart",
         extract(epoch FROM clock_timestamp()) AS "nowEpoch"
  FROM (SELECT 1) AS one LEFT JOIN "RateLimitCounter" ON "key" = $1`;

function fromWindow(rule: RateLimitRule, count: number, windowStart: Date, nowEpochSeconds: number, hit: boolean): RateLimitResult {
  const resetAt = new Date(windowStart.getTime() + rule.windowSeconds * 1000);
  return {
    allowed: hit ? count <= rule.limit : count < rule.limit,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - count),
    resetAt,
    retryAfterSeconds: Math.max(1, Math.ceil(resetAt.getTime() / 1000 - nowEpochSeconds)),
  };
}

/** Counts one hit against the rule and says whether it is within the limit. */
export function hitRateLimit(rule: RateLimitRule, client?: Queryable): Promise<RateLimitResult> {
  return countInWindow(rule, client, true);
}

/** Counts one hit; above the limit throws 429 rate_limited with Retry-After. */
export async function assertWithinRateLimit(rule: RateLimitRule, message: string, client?: Queryable): Promise<RateLimitResult> {
  const result = await hitRateLimit(rule, client);
  if (!result.allowed) {
    throw new DomainError(429, "rate_limited", `${message} (limit ${rule.limit} per ${rule.windowSeconds} s; retry in ${result.retryAfterSeconds} s)`, {
      "Retry-After": String(result.retryAfterSeconds),
    });
  }
  return result;
}

/**
 * Reads the rule's count in the current window without counting a hit: for
 * limits on failures only (sign-in), checked before the attempt and counted
 * after it failed.
 */
export function peekRateLimit(rule: RateLimitRule, client?: Queryable): Promise<RateLimitResult> {
  return countInWindow(rule, client, false);
}

/** A hit (counted) or a peek (read only), in Redis or PostgreSQL as configured. */
async function countInWindow(rule: RateLimitRule, client: Queryable | undefined, hit: boolean): Promise<RateLimitResult> {
  const redisUrl = env().REDIS_URL;
  if (redisUrl && !client) {
    const window = await redisWindow(redisUrl, rule.key, rule.windowSeconds, hit);
    return fromWindow(rule, window.count, window.windowStart, window.nowEpochSeconds, hit);
  }
  const rows = await sql<{ count: number | null; windowStart: Date; nowEpoch: string }>(client ?? getPool(), hit ? HIT : PEEK, [rule.key, rule.windowSeconds]);
  const row = rows[0]!; // the upsert's RETURNING and the LEFT JOIN from one row both yield exactly one row
  return fromWindow(rule, row.count ?? 0, row.windowStart, Number(row.nowEpoch), hit);
}
