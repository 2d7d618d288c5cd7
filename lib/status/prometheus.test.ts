import { describe, expect, it } from "vitest";
import { LatencyHistogram } from "./latency-histogram";
import { API_OBJECTIVES, judge } from "./objectives";
import { escapeLabelValue, prometheusText } from "./prometheus";
import type { StatusResponse } from "./schemas";

const T0 = Date.UTC(2026, 11, 7, 12, 0, 0);

function apiWindow(requests: number, p50Ms: number | null, p99Ms: number | null, errorRate: number | null): StatusResponse["api"]["lastHour"] {
  return {
    requests,
    errors: errorRate === null ? 0 : Math.round(errorRate * requests),
    errorRate,
    p50Ms,
    p99Ms,
    objectives: { p50Ms: judge(API_OBJECTIVES.p50Ms, p50Ms, requests), p99Ms: judge(API_OBJECTIVES.p99Ms, p99Ms, requests), errorRate: judge(API_OBJECTIVES.errorRate, errorRate, requests) },
  };
}

const summary: StatusResponse = {
  generatedAt: new Date(T0).toISOString(),
  objectivesMissed: true,
  api: { countingSince: new Date(T0 - 3_600_000).toISOString(), objectives: API_OBJECTIVES, lastHour: apiWindow(100, 20, 1_500, 0.01), lastDay: apiWindow(3, 10, 10, 0) },
  authorizers: [
    {
      authorizer: "SP",
      model: "55",
      environment: "PRODUCTION",
      contingencyAuthorizer: false,
      condition: "outage",
      cStat: "108",
      reason: "Serviço Paralisado Momentaneamente",
      checkedAt: new Date(T0 - 60_000).toISOString(),
      via: "sefaz",
      outageSince: new Date(T0 - 600_000).toISOString(),
      lastHour: { calls: 40, failures: 3, p50Ms: 250, p99Ms: 1_200.5 },
      companiesInContingency: 2,
      misusePauses: 1,
    },
    {
      authorizer: "AN",
      model: "55",
      environment: "PRODUCTION",
      contingencyAuthorizer: false,
      condition: "unknown",
      cStat: null,
      reason: null,
      checkedAt: null,
      via: null,
      outageSince: null,
      lastHour: { calls: 0, failures: 0, p50Ms: null, p99Ms: null },
      companiesInContingency: 0,
      misusePauses: 0,
    },
  ],
};

/** Each sample line as name, labels and value; every family declared by HELP and TYPE before its samples. */
function parse(text: string) {
  expect(text.endsWith("\n")).toBe(true);
  const declared = new Map<string, string>();
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.trimEnd().split("\n")) {
    const type = /^# TYPE (\w+) (gauge|counter|histogram)$/.exec(line);
    if (type) {
      declared.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith("# HELP ")) continue;
    const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    expect(match, line).not.toBeNull();
    const [, name, rawLabels, value] = match!;
    const family = [...declared.keys()].find((declaredName) => name === declaredName || (declared.get(declaredName) === "histogram" && /^(.+)_(bucket|sum|count)$/.exec(name!)?.[1] === declaredName));
    expect(family, `${name} has no TYPE line before it`).toBeDefined();
    const labels: Record<string, string> = {};
    for (const pair of (rawLabels ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: name!, labels, value: value === "+Inf" ? Number.POSITIVE_INFINITY : Number(value) });
  }
  return samples;
}

describe("prometheusText", () => {
  const histogram = new LatencyHistogram([10, 100]);
  histogram.record(5, false, T0);
  histogram.record(50, false, T0);
  histogram.record(500, true, T0);
  const samples = parse(prometheusText(summary, histogram.cumulative()));
  const find = (name: string, labels: Record<string, string> = {}) => samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));

  it("exposes the API histogram cumulatively, in seconds, with +Inf, sum and count", () => {
    expect(find("fiscal_api_request_duration_seconds_bucket").map((s) => [s.labels.le, s.value])).toEqual([
      ["0.01", 1],
      ["0.1", 2],
      ["+Inf", 3],
    ]);
    expect(find("fiscal_api_request_duration_seconds_sum")[0]!.value).toBeCloseTo(0.555);
    expect(find("fiscal_api_request_duration_seconds_count")[0]!.value).toBe(3);
    expect(find("fiscal_api_request_errors_total")[0]!.value).toBe(1);
  });

  it("gives the windows' quantiles and error ratio, the objectives, and which are met (none judged on 3 requests)", () => {
    expect(find("fiscal_api_request_duration_window_seconds", { window: "1h", quantile: "0.99" })[0]!.value).toBe(1.5);
    expect(find("fiscal_api_error_ratio", { window: "1h" })[0]!.value).toBe(0.01);
    expect(find("fiscal_api_objective", { objective: "p99Ms" })[0]!.value).toBe(API_OBJECTIVES.p99Ms / 1000);
    expect(find("fiscal_api_objective_met", { window: "1h" }).map((s) => [s.labels.objective, s.value])).toEqual([
      ["p50Ms", 1],
      ["p99Ms", 0],
      ["errorRate", 0],
    ]);
    expect(find("fiscal_api_objective_met", { window: "1d" })).toEqual([]);
  });

  it("gives per authorizer and model its condition, call quantiles, calls, contingencies and pauses", () => {
    const sp = { authorizer: "SP", model: "55", environment: "PRODUCTION" };
    expect(find("fiscal_authorizer_up", sp)[0]!.value).toBe(0);
    expect(find("fiscal_authorizer_condition", sp).filter((s) => s.value === 1).map((s) => s.labels.condition)).toEqual(["outage"]);
    expect(find("fiscal_authorizer_call_duration_seconds", { ...sp, quantile: "0.99" })[0]!.value).toBeCloseTo(1.2005);
    expect(find("fiscal_authorizer_calls_last_hour", sp)[0]!.value).toBe(40);
    expect(find("fiscal_authorizer_call_failures_last_hour", sp)[0]!.value).toBe(3);
    expect(find("fiscal_authorizer_companies_in_contingency", sp)[0]!.value).toBe(2);
    expect(find("fiscal_authorizer_misuse_pauses", sp)[0]!.value).toBe(1);
    expect(find("fiscal_authorizer_status_checked_timestamp_seconds", sp)[0]!.value).toBe((T0 - 60_000) / 1000);
    // Unknown: no up series, no quantiles; the counts are there.
    const an = { authorizer: "AN" };
    expect(find("fiscal_authorizer_up", an)).toEqual([]);
    expect(find("fiscal_authorizer_call_duration_seconds", an)).toEqual([]);
    expect(find("fiscal_authorizer_calls_last_hour", an)[0]!.value).toBe(0);
  });

  it("escapes label values", () => {
    expect(escapeLabelValue('a"b\\c\nd')).toBe('a\\"b\\\\c\\nd');
  });
});
