import { randomUUID } from "node:crypto";
import { createConnection } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { db } from "@/test/factories";
import { hitRateLimit, peekRateLimit } from "./index";
import { BatchedWindowLimiter } from "./batched-window";
import { closeRedisCounters, redisBatchStore } from "./redis-counters";

// The Redis backend (REDIS_URL) behind the same functions. Runs where a Redis
// answers on TEST_REDIS_URL (default 127.0.0.1:6379); skipped elsewhere.
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/15";

async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

const hasRedis = await reachable(REDIS_URL);

describe.skipIf(!hasRedis)("rate limit (Redis fixed window, REDIS_URL)", () => {
  afterAll(async () => {
    delete process.env.REDIS_URL;
    resetEnvCache();
    await closeRedisCounters();
  });

  it("counts in Redis with the same answers as PostgreSQL, exact under concurrency, and writes no PostgreSQL row", async () => {
    process.env.REDIS_URL = REDIS_URL;
    resetEnvCache();
    const rule = { key: `test:${randomUUID()}`, limit: 10, windowSeconds: 3600 };
    expect((await peekRateLimit(rule)).remaining).toBe(10);
    const results = await Promise.all(Array.from({ length: 25 }, () => hitRateLimit(rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    const refused = results.find((r) => !r.allowed)!;
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.resetAt.getTime() % 3_600_000).toBe(0);
    expect((await peekRateLimit(rule)).allowed).toBe(false);
    expect(await db.rateLimitCounter.count({ where: { key: rule.key } })).toBe(0);
  });

  it("batched: two limiters (two processes) flush to Redis and see each other's hits; the same keys as the per-hit counters", async () => {
    const rule = { key: `test:${randomUUID()}`, limit: 4, windowSeconds: 3600 };
    const [a, b] = [new BatchedWindowLimiter(redisBatchStore(REDIS_URL), 60_000), new BatchedWindowLimiter(redisBatchStore(REDIS_URL), 60_000)];
    expect((await a.hit(rule)).remaining).toBe(3);
    await a.hit(rule);
    await a.flush();
    expect((await b.hit(rule)).remaining).toBe(1);
    await b.hit(rule);
    expect((await b.hit(rule)).allowed).toBe(false);
    await b.flush();
    await a.flush();
    expect((await a.hit(rule)).allowed).toBe(false);
    process.env.REDIS_URL = REDIS_URL;
    resetEnvCache();
    expect(await peekRateLimit(rule)).toMatchObject({ allowed: false, remaining: 0 });
  });
});
