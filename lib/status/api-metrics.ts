import { LatencyHistogram } from "./latency-histogram";

// The in-process counters of our own /v1 API (issue 58 item 2): lib/api/handle.ts records every
// request it answers. Kept on globalThis so every route bundle of one Next process (and a dev
// reload) counts into the same histogram; each process has its own (docs/api-notes/status.md).

const globalForMetrics = globalThis as unknown as { fiscalApiLatency?: LatencyHistogram };

export function apiLatency(): LatencyHistogram {
  return (globalForMetrics.fiscalApiLatency ??= new LatencyHistogram());
}

/** One answered /v1 request: its time since the wrapper took it, and whether we failed it (5xx). */
export function recordApiRequest(startedAt: number, status: number): void {
  apiLatency().record(performance.now() - startedAt, status >= 500);
}
