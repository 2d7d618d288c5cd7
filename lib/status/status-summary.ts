import { authorityFigures } from "./authority-figures";
import { apiLatency } from "./api-metrics";
import type { WindowFigures } from "./latency-histogram";
import { API_OBJECTIVES, judge } from "./objectives";
import type { StatusResponse } from "./schemas";

// The figures of /status, GET /v1/status and /metrics, computed at most once per CACHE_MS per
// process: the page is public, and a burst of visits must not become a burst of queries.

export const STATUS_SUMMARY_CACHE_MS = 5_000;

const countingSince = new Date(Date.now() - Math.round(process.uptime() * 1000)).toISOString();

let cached: { at: number; value: Promise<StatusResponse> } | null = null;

export function statusSummary(now: number = Date.now()): Promise<StatusResponse> {
  if (cached && now - cached.at < STATUS_SUMMARY_CACHE_MS) return cached.value;
  const value = buildStatusSummary(new Date(now));
  cached = { at: now, value };
  // A failed computation is not served to the next callers.
  value.catch(() => {
    if (cached?.value === value) cached = null;
  });
  return value;
}

/** Tests: the next call computes afresh. */
export function resetStatusSummaryCache(): void {
  cached = null;
}

function apiWindow(figures: WindowFigures): StatusResponse["api"]["lastHour"] {
  return {
    ...figures,
    objectives: {
      p50Ms: judge(API_OBJECTIVES.p50Ms, figures.p50Ms, figures.requests),
      p99Ms: judge(API_OBJECTIVES.p99Ms, figures.p99Ms, figures.requests),
      errorRate: judge(API_OBJECTIVES.errorRate, figures.errorRate, figures.requests),
    },
  };
}

export async function buildStatusSummary(now: Date = new Date()): Promise<StatusResponse> {
  const histogram = apiLatency();
  const lastHour = apiWindow(histogram.window(60, now.getTime()));
  const lastDay = apiWindow(histogram.window(1_440, now.getTime()));
  const authorizers = await authorityFigures(now);
  const objectivesMissed = [lastHour, lastDay].some((window) => Object.values(window.objectives).some((check) => check.met === false));
  return {
    generatedAt: now.toISOString(),
    objectivesMissed,
    api: { countingSince, objectives: { ...API_OBJECTIVES }, lastHour, lastDay },
    authorizers,
  };
}
