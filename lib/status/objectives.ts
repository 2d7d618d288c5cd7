// The objectives we hold our own API to (issue 58 item 2): the one place the status page,
// GET /v1/status, /metrics and docs/operations.md ("Service objectives") read them from
// (objectives.test.ts keeps the doc's table the same as these figures).

export type ApiObjectives = {
  /** Median time of a /v1 request, handler entry to response, in milliseconds. */
  p50Ms: number;
  /** 99th percentile of the same. */
  p99Ms: number;
  /** Share of /v1 answers that are 5xx (our failures; 4xx are the caller's). */
  errorRate: number;
};

export const API_OBJECTIVES: ApiObjectives = { p50Ms: 100, p99Ms: 1_000, errorRate: 0.005 };

/** Below this many requests in a window an objective is not judged (one slow call in a quiet hour is no breach). */
export const OBJECTIVE_MIN_REQUESTS = 20;

export type ObjectiveCheck = { objective: number; value: number | null; met: boolean | null };

/** Whether `value` keeps within `objective` (null: too few requests to judge). */
export function judge(objective: number, value: number | null, requests: number): ObjectiveCheck {
  if (value === null || requests < OBJECTIVE_MIN_REQUESTS) return { objective, value, met: null };
  return { objective, value, met: value <= objective };
}

/** The markdown table docs/operations.md shows under "Service objectives". */
export function objectivesMarkdown(): string {
  return [
    "| Figure | Objective | Window |",
    "|---|---|---|",
    `| /v1 p50 latency | ≤ ${API_OBJECTIVES.p50Ms} ms | last hour and last day |`,
    `| /v1 p99 latency | ≤ ${API_OBJECTIVES.p99Ms} ms | last hour and last day |`,
    `| /v1 error rate (5xx answers) | ≤ ${(API_OBJECTIVES.errorRate * 100).toFixed(1)} % | last hour and last day |`,
  ].join("\n");
}
