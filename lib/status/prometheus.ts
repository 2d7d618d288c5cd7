import type { CumulativeFigures } from "./latency-histogram";
import type { StatusResponse } from "./schemas";

// GET /metrics (issue 58 item 2): the status page's figures in the Prometheus text exposition
// format 0.0.4 (prometheus.io/docs/instrumenting/exposition_formats). Written here rather than
// with prom-client: the API histogram must also answer sliding last-hour/last-day windows, which
// prom-client's Histogram cannot (its buckets only accumulate, and cannot be set from ours), and
// the authorizer figures are computed per scrape from PostgreSQL, so a registry would only copy
// them (docs/api-notes/status.md).

export const PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

type Labels = Record<string, string>;

/** A label value escaped as the format asks: backslash, double quote and line feed. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

function formatNumber(value: number): string {
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  if (Number.isNaN(value)) return "NaN";
  return String(value);
}

function sample(name: string, labels: Labels, value: number): string {
  const entries = Object.entries(labels);
  const text = entries.length === 0 ? "" : `{${entries.map(([key, label]) => `${key}="${escapeLabelValue(label)}"`).join(",")}}`;
  return `${name}${text} ${formatNumber(value)}`;
}

class Exposition {
  private readonly lines: string[] = [];

  family(name: string, type: "gauge" | "counter" | "histogram", help: string, samples: [string, Labels, number][]): void {
    this.lines.push(`# HELP ${name} ${help.replace(/\\/g, "\\\\").replace(/\n/g, "\\n")}`, `# TYPE ${name} ${type}`);
    for (const [sampleName, labels, value] of samples) this.lines.push(sample(sampleName, labels, value));
  }

  text(): string {
    return `${this.lines.join("\n")}\n`;
  }
}

/** Milliseconds as seconds, to the microsecond (no binary-fraction noise such as 0.31939999999999996). */
const seconds = (ms: number) => Math.round(ms * 1000) / 1_000_000;

export function prometheusText(summary: StatusResponse, cumulative: CumulativeFigures): string {
  const out = new Exposition();
  out.family(
    "fiscal_api_request_duration_seconds",
    "histogram",
    "Time of /v1 requests in this process since it started (Prefer: wait requests excluded).",
    [
      ...cumulative.buckets.map((bucket): [string, Labels, number] => ["fiscal_api_request_duration_seconds_bucket", { le: bucket.le === Number.POSITIVE_INFINITY ? "+Inf" : String(seconds(bucket.le)) }, bucket.count]),
      ["fiscal_api_request_duration_seconds_sum", {}, seconds(cumulative.sumMs)],
      ["fiscal_api_request_duration_seconds_count", {}, cumulative.count],
    ],
  );
  out.family("fiscal_api_request_errors_total", "counter", "/v1 requests answered 5xx in this process since it started.", [["fiscal_api_request_errors_total", {}, cumulative.errors]]);

  const windows = [["1h", summary.api.lastHour], ["1d", summary.api.lastDay]] as const;
  const quantiles: [string, Labels, number][] = [];
  const ratios: [string, Labels, number][] = [];
  const met: [string, Labels, number][] = [];
  for (const [window, figures] of windows) {
    if (figures.p50Ms !== null) quantiles.push(["fiscal_api_request_duration_window_seconds", { window, quantile: "0.5" }, seconds(figures.p50Ms)]);
    if (figures.p99Ms !== null) quantiles.push(["fiscal_api_request_duration_window_seconds", { window, quantile: "0.99" }, seconds(figures.p99Ms)]);
    if (figures.errorRate !== null) ratios.push(["fiscal_api_error_ratio", { window }, figures.errorRate]);
    for (const [objective, check] of Object.entries(figures.objectives)) {
      if (check.met !== null) met.push(["fiscal_api_objective_met", { window, objective }, check.met ? 1 : 0]);
    }
  }
  out.family("fiscal_api_request_duration_window_seconds", "gauge", "p50 and p99 of /v1 requests over the last hour (1h) and day (1d), estimated from the histogram's buckets.", quantiles);
  out.family("fiscal_api_error_ratio", "gauge", "Share of /v1 requests answered 5xx over the window.", ratios);
  out.family("fiscal_api_objective", "gauge", "The objectives we hold the /v1 API to (docs/operations.md, Service objectives): latency in seconds, errors as a ratio.", [
    ["fiscal_api_objective", { objective: "p50Ms" }, seconds(summary.api.objectives.p50Ms)],
    ["fiscal_api_objective", { objective: "p99Ms" }, seconds(summary.api.objectives.p99Ms)],
    ["fiscal_api_objective", { objective: "errorRate" }, summary.api.objectives.errorRate],
  ]);
  out.family("fiscal_api_objective_met", "gauge", "1 when the window keeps within the objective, 0 when it misses it (absent with too few requests to judge).", met);

  const up: [string, Labels, number][] = [];
  const condition: [string, Labels, number][] = [];
  const callQuantiles: [string, Labels, number][] = [];
  const calls: [string, Labels, number][] = [];
  const failures: [string, Labels, number][] = [];
  const contingency: [string, Labels, number][] = [];
  const pauses: [string, Labels, number][] = [];
  const checked: [string, Labels, number][] = [];
  for (const authorizer of summary.authorizers) {
    const labels = { authorizer: authorizer.authorizer, model: authorizer.model, environment: authorizer.environment };
    if (authorizer.condition === "operational" || authorizer.condition === "outage" || authorizer.condition === "unreachable") up.push(["fiscal_authorizer_up", labels, authorizer.condition === "operational" ? 1 : 0]);
    for (const name of ["operational", "outage", "unreachable", "unknown"] as const) condition.push(["fiscal_authorizer_condition", { ...labels, condition: name }, authorizer.condition === name ? 1 : 0]);
    if (authorizer.lastHour.p50Ms !== null) callQuantiles.push(["fiscal_authorizer_call_duration_seconds", { ...labels, quantile: "0.5" }, seconds(authorizer.lastHour.p50Ms)]);
    if (authorizer.lastHour.p99Ms !== null) callQuantiles.push(["fiscal_authorizer_call_duration_seconds", { ...labels, quantile: "0.99" }, seconds(authorizer.lastHour.p99Ms)]);
    calls.push(["fiscal_authorizer_calls_last_hour", labels, authorizer.lastHour.calls]);
    failures.push(["fiscal_authorizer_call_failures_last_hour", labels, authorizer.lastHour.failures]);
    contingency.push(["fiscal_authorizer_companies_in_contingency", labels, authorizer.companiesInContingency]);
    pauses.push(["fiscal_authorizer_misuse_pauses", labels, authorizer.misusePauses]);
    if (authorizer.checkedAt) checked.push(["fiscal_authorizer_status_checked_timestamp_seconds", labels, Math.floor(new Date(authorizer.checkedAt).getTime() / 1000)]);
  }
  out.family("fiscal_authorizer_up", "gauge", "1 when the authorizer's status service last answered 107, 0 on 108/109 or no answer (absent when unknown).", up);
  out.family("fiscal_authorizer_condition", "gauge", "The authorizer's condition on the status page, one series per condition, 1 for the current one.", condition);
  out.family("fiscal_authorizer_call_duration_seconds", "gauge", "p50 and p99 of our calls to the authorizer over the last hour.", callQuantiles);
  out.family("fiscal_authorizer_calls_last_hour", "gauge", "Our calls to the authorizer over the last hour.", calls);
  out.family("fiscal_authorizer_call_failures_last_hour", "gauge", "Our calls to the authorizer over the last hour that got no answer.", failures);
  out.family("fiscal_authorizer_companies_in_contingency", "gauge", "Companies in contingency for the authorizer now.", contingency);
  out.family("fiscal_authorizer_misuse_pauses", "gauge", "656 (consumo indevido) pauses in force at the authorizer.", pauses);
  out.family("fiscal_authorizer_status_checked_timestamp_seconds", "gauge", "When the authorizer's status service last answered (Unix time).", checked);
  return out.text();
}
