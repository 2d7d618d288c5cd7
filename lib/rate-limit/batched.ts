import { env } from "@/lib/config/env";
import { BatchedWindowLimiter } from "./batched-window";
import type { RateLimitResult, RateLimitRule } from "./index";
import { postgresBatchStore } from "./postgres-batch-store";
import { redisBatchStore } from "./redis-counters";

// The process's batched limiter (./batched-window.ts) for limits checked on
// every request (the /v1 API-key limit): flushed to Redis when REDIS_URL is
// set, else to PostgreSQL, every RATE_LIMIT_FLUSH_MS. On globalThis, so every
// route bundle of the Next server shares one count per key.

const globalForLimiter = globalThis as unknown as { __fiscalBatchedLimiters?: Map<string, BatchedWindowLimiter> };

function limiter(): BatchedWindowLimiter {
  const { REDIS_URL, RATE_LIMIT_FLUSH_MS } = env();
  const limiters = (globalForLimiter.__fiscalBatchedLimiters ??= new Map());
  const name = `${REDIS_URL ?? "postgres"} ${RATE_LIMIT_FLUSH_MS}`;
  let found = limiters.get(name);
  if (!found) limiters.set(name, (found = new BatchedWindowLimiter(REDIS_URL ? redisBatchStore(REDIS_URL) : postgresBatchStore, RATE_LIMIT_FLUSH_MS)));
  return found;
}

/** Counts one hit in this process; other processes' hits are known as of the last flush (about a second). */
export function hitBatchedRateLimit(rule: RateLimitRule): Promise<RateLimitResult> {
  return limiter().hit(rule);
}

/** Sends this process's unsent hits now (tests; a process about to stop). */
export async function flushBatchedRateLimits(): Promise<void> {
  await Promise.all([...(globalForLimiter.__fiscalBatchedLimiters?.values() ?? [])].map((l) => l.flush()));
}

/** Flushes and stops every limiter of this process, and forgets them: called before its database is closed or dropped. */
export async function stopBatchedRateLimits(): Promise<void> {
  const limiters = [...(globalForLimiter.__fiscalBatchedLimiters?.values() ?? [])];
  globalForLimiter.__fiscalBatchedLimiters?.clear();
  await Promise.all(limiters.map((l) => l.stop()));
}
