import type { RateLimitResult, RateLimitRule } from "./index";

// Fixed-window limits counted in this process's memory and reconciled with the
// other processes through a shared store (PostgreSQL or Redis) without a write
// per hit: hits are added up here and flushed about once a flush interval, all
// keys in one statement, whose answer is every key's count across processes.
// A key's first hit in a window reads that count first, so a process joining
// late knows what the others spent.
//
// Accuracy: each process sees the others' hits as of its last flush, so across
// N processes a key can get up to N × (the hits one process takes in one flush
// interval) past its limit, never more. Hits are counted exactly within a
// process, refused ones included (as the per-hit counters of ./index.ts).

/** Hits to add to a key's window (count 0: only read it). */
export type WindowIncrement = { key: string; windowStartMs: number; windowMs: number; count: number };
/** A key's count across every process, in the window the store holds for it. */
export type WindowTotal = { key: string; windowStartMs: number; count: number };
export type StoreAnswer = { totals: WindowTotal[]; nowMs: number };
/** Adds the increments (one statement or script for all), answers the totals and the store's clock. */
export type CounterStore = (increments: WindowIncrement[]) => Promise<StoreAnswer>;

type Entry = {
  windowStartMs: number;
  windowMs: number;
  /** Hits counted in this process in the window. */
  local: number;
  /** Of those, hits not yet sent to the store. */
  unsent: number;
  /** Hits of the other processes, as the store last answered. */
  others: number;
  /** The store's count is being read for this key's first hit of the window. */
  firstRead?: Promise<void>;
};

export class BatchedWindowLimiter {
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  /** The store's clock minus ours (ms), so windows turn by one clock for every process. */
  private clockOffsetMs = 0;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly store: CounterStore,
    private readonly flushIntervalMs: number,
  ) {}

  /** Counts one hit against the rule and says whether it is within the limit. */
  async hit(rule: RateLimitRule): Promise<RateLimitResult> {
    const nowMs = Date.now() + this.clockOffsetMs;
    const windowMs = rule.windowSeconds * 1000;
    const windowStartMs = nowMs - (nowMs % windowMs);
    let entry = this.entries.get(rule.key);
    if (!entry || entry.windowMs !== windowMs || entry.windowStartMs < windowStartMs) {
      // Unsent hits of an ended window are dropped: that window no longer limits anyone.
      entry = { windowStartMs, windowMs, local: 0, unsent: 0, others: 0 };
      this.entries.set(rule.key, entry);
      entry.firstRead = this.readFirst(rule.key, entry);
    }
    entry.local++;
    entry.unsent++;
    this.schedule();
    if (entry.firstRead) await entry.firstRead;
    const count = entry.local + entry.others;
    const resetAt = new Date(entry.windowStartMs + windowMs);
    return {
      allowed: count <= rule.limit,
      limit: rule.limit,
      remaining: Math.max(0, rule.limit - count),
      resetAt,
      retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - (Date.now() + this.clockOffsetMs)) / 1000)),
    };
  }

  /** Sends the unsent hits and reads back every current key's total; the timer calls it, tests may too. */
  flush(): Promise<void> {
    this.flushing ??= this.flushOnce().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async readFirst(key: string, entry: Entry): Promise<void> {
    try {
      const answer = await this.store([{ key, windowStartMs: entry.windowStartMs, windowMs: entry.windowMs, count: 0 }]);
      this.apply(answer, new Map([[key, entry]]));
    } catch {
      // Store unreachable: count locally until a flush gets through.
    } finally {
      entry.firstRead = undefined;
    }
  }

  /** Sends the unsent hits one last time and schedules no more flushes (a process closing its database). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private schedule(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().then(() => {
        if (this.entries.size > 0) this.schedule();
      });
    }, this.flushIntervalMs);
    this.timer.unref();
  }

  private async flushOnce(): Promise<void> {
    const nowMs = Date.now() + this.clockOffsetMs;
    const batch = new Map<string, Entry>();
    // Sorted, so two processes' flushes lock the same rows in the same order.
    for (const key of [...this.entries.keys()].sort()) {
      const entry = this.entries.get(key)!;
      if (entry.windowStartMs + entry.windowMs <= nowMs) this.entries.delete(key); // ended: unsent hits no longer matter
      else if (!entry.firstRead) batch.set(key, entry);
    }
    if (batch.size === 0) return;
    const increments = [...batch].map(([key, entry]) => ({ key, windowStartMs: entry.windowStartMs, windowMs: entry.windowMs, count: entry.unsent }));
    for (const entry of batch.values()) entry.unsent = 0;
    const sentAt = Date.now();
    try {
      const answer = await this.store(increments);
      this.clockOffsetMs = Math.round(answer.nowMs - (sentAt + Date.now()) / 2);
      this.apply(answer, batch);
      this.failures = 0;
    } catch (error) {
      for (const increment of increments) batch.get(increment.key)!.unsent += increment.count;
      if (this.failures++ === 0) console.error("rate-limit flush failed; counting locally until the store answers:", error);
    }
  }

  private apply(answer: StoreAnswer, sent: Map<string, Entry>): void {
    for (const total of answer.totals) {
      const entry = sent.get(total.key);
      if (!entry) continue;
      if (total.windowStartMs !== entry.windowStartMs) continue; // the store is already in a later window, or still in an earlier one
      // The total holds every hit this process sent in the window: all it counted but the unsent ones.
      entry.others = Math.max(0, total.count - (entry.local - entry.unsent));
    }
  }
}
