import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors/domain-error";
import { assertWithinRateLimit, hitRateLimit, peekRateLimit } from "./index";

describe("rate limit (PostgreSQL fixed window)", () => {
  it("allows `limit` hits per window, then refuses with the seconds left in the window", async () => {
    const rule = { key: `test:${randomUUID()}`, limit: 3, windowSeconds: 3600 };
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await hitRateLimit(rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0, 0]);
    const last = results[4]!;
    expect(last.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(last.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(last.resetAt.getTime() % 3_600_000).toBe(0);
  });

  it("keeps keys apart and starts a new count when the window turns", async () => {
    const key = `test:${randomUUID()}`;
    await hitRateLimit({ key, limit: 1, windowSeconds: 1 });
    expect((await hitRateLimit({ key: `${key}:other`, limit: 1, windowSeconds: 1 })).allowed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await hitRateLimit({ key, limit: 1, windowSeconds: 1 })).allowed).toBe(true);
  });

  it("counts concurrent hits exactly (one row per key, atomic upsert)", async () => {
    const rule = { key: `test:${randomUUID()}`, limit: 10, windowSeconds: 3600 };
    const results = await Promise.all(Array.from({ length: 25 }, () => hitRateLimit(rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("assertWithinRateLimit throws 429 rate_limited with Retry-After above the limit", async () => {
    const rule = { key: `test:${randomUUID()}`, limit: 1, windowSeconds: 60 };
    await assertWithinRateLimit(rule, "Too many calls");
    const error = await assertWithinRateLimit(rule, "Too many calls").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(429);
    expect((error as DomainError).code).toBe("rate_limited");
    expect(Number((error as DomainError).headers["Retry-After"])).toBeGreaterThanOrEqual(1);
  });

  it("a peek reads the window without counting: allowed while fewer than `limit` hits were counted", async () => {
    const rule = { key: `test:${randomUUID()}`, limit: 2, windowSeconds: 3600 };
    expect(await peekRateLimit(rule)).toMatchObject({ allowed: true, remaining: 2 });
    expect(await peekRateLimit(rule)).toMatchObject({ allowed: true, remaining: 2 });
    await hitRateLimit(rule);
    expect(await peekRateLimit(rule)).toMatchObject({ allowed: true, remaining: 1 });
    await hitRateLimit(rule);
    const full = await peekRateLimit(rule);
    expect(full).toMatchObject({ allowed: false, remaining: 0 });
    expect(full.resetAt.getTime() % 3_600_000).toBe(0);
  });
});
