import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/config/env";
import { toErrorResponse } from "./error-response";
import { DomainError } from "@/lib/errors";
import { apiLatency } from "@/lib/status/api-metrics";
import { PROMETHEUS_CONTENT_TYPE, prometheusText } from "@/lib/status/prometheus";
import { statusSummary } from "@/lib/status/status-summary";

// GET /metrics: without METRICS_TOKEN configured the route does not exist (404, as any unknown
// path); configured, it wants `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise, compared in
// constant time). docs/api-notes/status.md.

function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export async function metricsResponse(request: Request): Promise<Response> {
  try {
    const token = env().METRICS_TOKEN;
    if (!token) throw new DomainError(404, "route_not_found", `No route ${new URL(request.url).pathname}`);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
    if (!match || !sameToken(match[1]!, token)) {
      throw new DomainError(401, "invalid_metrics_token", "Missing or wrong metrics token. Send Authorization: Bearer <METRICS_TOKEN>.", { "WWW-Authenticate": 'Bearer realm="metrics"' });
    }
    const text = prometheusText(await statusSummary(), apiLatency().cumulative());
    return new Response(text, { status: 200, headers: { "content-type": PROMETHEUS_CONTENT_TYPE, "cache-control": "no-store" } });
  } catch (error) {
    return toErrorResponse(error, request);
  }
}
