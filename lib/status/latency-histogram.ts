// A fixed-bucket latency histogram over sliding windows, for the in-process API figures
// (issue 58 item 2). Recording is on every /v1 request's path, so it allocates nothing: one
// preallocated ring of per-minute counters (a day of minutes) plus cumulative counters for
// /metrics; a minute slot is cleared when the clock first reaches it again. Percentiles are
// estimated from the buckets (linear within the bucket holding the rank), as Prometheus'
// histogram_quantile does.

/** Upper bounds in milliseconds; one more bucket above the last holds everything slower. */
export const LATENCY_BUCKETS_MS: readonly number[] = [5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 30_000];

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1_440;

export type WindowFigures = { requests: number; errors: number; errorRate: number | null; p50Ms: number | null; p99Ms: number | null };

export type CumulativeFigures = {
  /** Cumulative count per bucket bound (le), the last being +Inf, as Prometheus shows them. */
  buckets: { le: number; count: number }[];
  count: number;
  sumMs: number;
  errors: number;
};

export class LatencyHistogram {
  readonly bounds: readonly number[];
  private readonly width: number;
  /** Per minute slot: one counter per bucket (bounds + overflow), then the error count. */
  private readonly slots: Uint32Array;
  /** The minute (since the epoch) each slot counts; -1 never used. */
  private readonly slotMinute: Float64Array;
  private readonly total: Float64Array;
  private totalErrors = 0;
  private totalSumMs = 0;

  constructor(bounds: readonly number[] = LATENCY_BUCKETS_MS) {
    this.bounds = bounds;
    this.width = bounds.length + 2;
    this.slots = new Uint32Array(DAY_MINUTES * this.width);
    this.slotMinute = new Float64Array(DAY_MINUTES).fill(-1);
    this.total = new Float64Array(bounds.length + 1);
  }

  /** One request of `durationMs`; `failed` counts it as an error. `now` is for tests. */
  record(durationMs: number, failed: boolean, now: number = Date.now()): void {
    const bounds = this.bounds;
    let bucket = 0;
    while (bucket < bounds.length && durationMs > bounds[bucket]!) bucket++;
    const minute = Math.floor(now / MINUTE_MS);
    const slot = minute % DAY_MINUTES;
    const offset = slot * this.width;
    if (this.slotMinute[slot] !== minute) {
      this.slots.fill(0, offset, offset + this.width);
      this.slotMinute[slot] = minute;
    }
    this.slots[offset + bucket]!++;
    this.total[bucket]!++;
    this.totalSumMs += durationMs;
    if (failed) {
      this.slots[offset + this.width - 1]!++;
      this.totalErrors++;
    }
  }

  /** The figures of the last `minutes` minutes (the current one included). */
  window(minutes: number, now: number = Date.now()): WindowFigures {
    const counts = new Array<number>(this.bounds.length + 1).fill(0);
    let errors = 0;
    const current = Math.floor(now / MINUTE_MS);
    for (let minute = current - Math.min(minutes, DAY_MINUTES) + 1; minute <= current; minute++) {
      const slot = ((minute % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
      if (this.slotMinute[slot] !== minute) continue;
      const offset = slot * this.width;
      for (let bucket = 0; bucket < counts.length; bucket++) counts[bucket]! += this.slots[offset + bucket]!;
      errors += this.slots[offset + this.width - 1]!;
    }
    const requests = counts.reduce((sum, count) => sum + count, 0);
    return {
      requests,
      errors,
      errorRate: requests === 0 ? null : errors / requests,
      p50Ms: quantileFromBuckets(this.bounds, counts, 0.5),
      p99Ms: quantileFromBuckets(this.bounds, counts, 0.99),
    };
  }

  /** Everything since the process started, for /metrics. */
  cumulative(): CumulativeFigures {
    let running = 0;
    const buckets = Array.from(this.total, (count, index) => {
      running += count;
      return { le: index < this.bounds.length ? this.bounds[index]! : Number.POSITIVE_INFINITY, count: running };
    });
    return { buckets, count: running, sumMs: this.totalSumMs, errors: this.totalErrors };
  }
}

/**
 * The q-quantile of counts per bucket (counts[i] holds values in (bounds[i-1], bounds[i]]; the
 * last, values above every bound): linear within the bucket holding the rank, from 0 for the
 * first; a rank in the overflow bucket is reported as the last bound (a floor: "at least").
 * null when there is no count.
 */
export function quantileFromBuckets(bounds: readonly number[], counts: readonly number[], q: number): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let bucket = 0; bucket < counts.length; bucket++) {
    const count = counts[bucket]!;
    if (count === 0 || seen + count < rank) {
      seen += count;
      continue;
    }
    if (bucket >= bounds.length) return bounds[bounds.length - 1]!;
    const lower = bucket === 0 ? 0 : bounds[bucket - 1]!;
    const upper = bounds[bucket]!;
    return Math.round((lower + ((upper - lower) * (rank - seen)) / count) * 10) / 10;
  }
  return bounds[bounds.length - 1]!;
}
