import { afterEach, describe, expect, it, vi } from "vitest";
import { BatchedWindowLimiter, type CounterStore, type WindowIncrement } from "./batched-window";

// A store shared by several limiters (as PostgreSQL or Redis is by several
// processes): counts per key and window, and every call recorded.
function sharedStore() {
  const counts = new Map<string, number>();
  const calls: WindowIncrement[][] = [];
  let failing = false;
  const store: CounterStore = async (increments) => {
    calls.push(increments);
    if (failing) throw new Error("store down");
    const totals = increments.map((i) => {
      const name = `${i.key}@${i.windowStartMs}`;
      counts.set(name, (counts.get(name) ?? 0) + i.count);
      return { key: i.key, windowStartMs: i.windowStartMs, count: counts.get(name)! };
    });
    return { totals, nowMs: Date.now() };
  };
  return { store, calls, setFailing: (value: boolean) => (failing = value) };
}

const rule = { key: "api-key:k", limit: 10, windowSeconds: 60 };

afterEach(() => {
  vi.useRealTimers();
});

describe("BatchedWindowLimiter", () => {
  it("counts exactly within a process and sends one batch per flush for all keys, not one call per hit", async () => {
    const { store, calls } = sharedStore();
    const limiter = new BatchedWindowLimiter(store, 60_000);
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await limiter.hit(rule));
    await limiter.hit({ ...rule, key: "api-key:other" });
    expect(results.map((r) => r.allowed)).toEqual([...Array(10).fill(true), false, false]);
    expect(results.map((r) => r.remaining).slice(8)).toEqual([1, 0, 0, 0]);
    // Two first reads (one per key), then one flush with both keys' hits.
    expect(calls).toHaveLength(2);
    await limiter.flush();
    expect(calls).toHaveLength(3);
    expect(calls[2]!.map((i) => [i.key, i.count])).toEqual([["api-key:k", 12], ["api-key:other", 1]]);
  });

  it("stop() sends the unsent hits once and then schedules no flush, so nothing reaches a store that is gone", async () => {
    vi.useFakeTimers();
    const { store, calls } = sharedStore();
    const limiter = new BatchedWindowLimiter(store, 1_000);
    await limiter.hit(rule);
    await limiter.hit(rule);
    expect(calls).toHaveLength(1); // the key's first read (it sends no hit)
    await limiter.stop();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.map((i) => [i.key, i.count])).toEqual([["api-key:k", 2]]);
    await limiter.hit(rule);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(2);
  });

  it("learns the other processes' hits at a key's first hit and at each flush; over-admits at most one flush interval's hits each", async () => {
    const { store } = sharedStore();
    const [a, b, c] = [new BatchedWindowLimiter(store, 60_000), new BatchedWindowLimiter(store, 60_000), new BatchedWindowLimiter(store, 60_000)];
    for (let i = 0; i < 4; i++) expect((await a.hit(rule)).allowed).toBe(true);
    await a.flush();
    // b reads a's 4 at its first hit.
    expect((await b.hit(rule)).remaining).toBe(5);
    for (let i = 0; i < 5; i++) await b.hit(rule);
    // Between flushes, a and c do not know b's last hits: each admits its own, past the limit.
    const admittedByA = [];
    for (let i = 0; i < 6; i++) admittedByA.push((await a.hit(rule)).allowed);
    expect(admittedByA.filter(Boolean)).toHaveLength(6);
    await Promise.all([a.flush(), b.flush()]);
    expect((await a.hit(rule)).allowed).toBe(false);
    expect((await b.hit(rule)).allowed).toBe(false);
    // c joins late: its first hit reads everything flushed so far.
    expect((await c.hit(rule)).allowed).toBe(false);
  });

  it("starts a new count when the window turns, and keeps unsent hits when the store fails", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-27T10:00:30Z"), toFake: ["Date"] });
    const { store, calls, setFailing } = sharedStore();
    const limiter = new BatchedWindowLimiter(store, 60_000);
    const short = { key: "api-key:w", limit: 2, windowSeconds: 60 };
    await limiter.hit(short);
    await limiter.hit(short);
    const third = await limiter.hit(short);
    expect(third).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 30 });
    expect(third.resetAt.toISOString()).toBe("2026-11-27T10:01:00.000Z");
    setFailing(true);
    await limiter.flush();
    setFailing(false);
    await limiter.flush();
    expect(calls.at(-1)!.map((i) => i.count)).toEqual([3]);
    vi.setSystemTime(new Date("2026-11-27T10:01:00Z"));
    expect(await limiter.hit(short)).toMatchObject({ allowed: true, remaining: 1 });
  });
});
