import { describe, expect, it } from "vitest";
import { LatencyHistogram, quantileFromBuckets } from "./latency-histogram";

const T0 = Date.UTC(2026, 11, 7, 12, 0, 0);
const MINUTE = 60_000;

describe("quantileFromBuckets", () => {
  const bounds = [10, 100, 1_000];

  it("interpolates within the bucket holding the rank, from 0 for the first", () => {
    // 100 values: 50 in (0,10], 40 in (10,100], 10 in (100,1000].
    const counts = [50, 40, 10, 0];
    expect(quantileFromBuckets(bounds, counts, 0.5)).toBe(10);
    expect(quantileFromBuckets(bounds, counts, 0.25)).toBe(5);
    expect(quantileFromBuckets(bounds, counts, 0.7)).toBe(55);
    expect(quantileFromBuckets(bounds, counts, 0.99)).toBe(910);
  });

  it("reports a rank above every bound as the last bound, and null without counts", () => {
    expect(quantileFromBuckets(bounds, [0, 0, 0, 5], 0.5)).toBe(1_000);
    expect(quantileFromBuckets(bounds, [0, 0, 0, 0], 0.5)).toBeNull();
  });

  it("skips empty buckets before the rank", () => {
    expect(quantileFromBuckets(bounds, [0, 0, 4, 0], 0.5)).toBe(550);
  });
});

describe("LatencyHistogram", () => {
  it("gives p50, p99 and the 5xx rate of a window", () => {
    const histogram = new LatencyHistogram([10, 100, 1_000]);
    for (let i = 0; i < 98; i++) histogram.record(7, false, T0);
    histogram.record(700, true, T0);
    histogram.record(5_000, true, T0);
    const hour = histogram.window(60, T0);
    expect(hour).toMatchObject({ requests: 100, errors: 2, errorRate: 0.02 });
    expect(hour.p50Ms).toBeCloseTo((10 * 50) / 98, 1);
    // Rank 99 is the 700 ms request's: within (100, 1000].
    expect(hour.p99Ms).toBe(1_000);
  });

  it("counts a value equal to a bound in that bound's bucket (le), as Prometheus does", () => {
    const histogram = new LatencyHistogram([10, 100]);
    histogram.record(10, false, T0);
    histogram.record(10.5, false, T0);
    expect(histogram.cumulative().buckets).toEqual([
      { le: 10, count: 1 },
      { le: 100, count: 2 },
      { le: Number.POSITIVE_INFINITY, count: 2 },
    ]);
  });

  it("slides: the hour forgets what is older than 60 minutes, the day keeps it", () => {
    const histogram = new LatencyHistogram([10, 100]);
    histogram.record(50, true, T0);
    histogram.record(5, false, T0 + 59 * MINUTE);
    expect(histogram.window(60, T0 + 59 * MINUTE).requests).toBe(2);
    const later = T0 + 61 * MINUTE;
    expect(histogram.window(60, later)).toMatchObject({ requests: 1, errors: 0 });
    expect(histogram.window(1_440, later)).toMatchObject({ requests: 2, errors: 1 });
  });

  it("reuses a minute slot a day later, clearing what it held", () => {
    const histogram = new LatencyHistogram([10, 100]);
    histogram.record(50, true, T0);
    const nextDay = T0 + 1_440 * MINUTE;
    histogram.record(5, false, nextDay);
    expect(histogram.window(1_440, nextDay)).toMatchObject({ requests: 1, errors: 0, p50Ms: 5 });
    // The cumulative counters (for /metrics) keep everything.
    expect(histogram.cumulative()).toMatchObject({ count: 2, errors: 1, sumMs: 55 });
  });

  it("answers an empty window with nulls", () => {
    expect(new LatencyHistogram().window(60, T0)).toEqual({ requests: 0, errors: 0, errorRate: null, p50Ms: null, p99Ms: null });
  });

  it("records without allocating: a million records leave the heap where it was", () => {
    const histogram = new LatencyHistogram();
    const record = () => {
      for (let i = 0; i < 1_000_000; i++) histogram.record(i % 3_000, i % 1_000 === 0, T0 + (i % 7) * MINUTE);
    };
    record(); // warm up (JIT)
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const before = process.memoryUsage().heapUsed;
    record();
    const grown = process.memoryUsage().heapUsed - before;
    // Allocating even 16 bytes per record would grow the heap by 16 MB before any collection.
    expect(grown).toBeLessThan(4 * 1024 * 1024);
    expect(histogram.cumulative().count).toBe(2_000_000);
  });
});
