// An open-loop HTTP load at a fixed rate, spread evenly over time: request i
// is due at start + i/rate and goes to keep-alive connection i mod N (HTTP/1.1,
// one request at a time per connection, so each connection carries rate/N
// req/s, 1/rate apart from its neighbour). Latency is counted from the time a
// request was DUE, not sent, so a busy connection or a late timer shows up as
// latency instead of being omitted (coordinated omission).
//
// Why not autocannon's overallRate: autocannon 8 gives each connection a budget
// of rate/N requests per one-second window and spends it back to back, so all
// connections fire together at the top of every second (10 requests in flight,
// then idle), and it corrects for coordinated omission with an expected
// interval of ceil(1/rate) = 1 ms instead of 1000/rate ms, adding phantom
// samples. Both inflate p50/p99 far beyond what an even 200 req/s sees.
import http from "node:http";

export type OpenLoopOptions = { url: string; rate: number; durationS: number; connections: number; headers: Record<string, string> };
export type OpenLoopResult = {
  requests: number;
  failed: number;
  elapsedS: number;
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  /** CPU of this (load-generating) process per request, ms. */
  clientCpuMs: number;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const agents = Array.from({ length: options.connections }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const total = Math.round(options.rate * options.durationS);
  const intervalMs = 1000 / options.rate;
  const latencies: number[] = [];
  let failed = 0;
  let done = 0;
  const cpuBefore = process.cpuUsage();
  const start = performance.now() + 10;

  return new Promise((resolve) => {
    const finishOne = () => {
      if (++done < total) return;
      agents.forEach((agent) => agent.destroy());
      const cpu = process.cpuUsage(cpuBefore);
      const sorted = latencies.sort((a, b) => a - b);
      const average = sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || 1);
      resolve({
        requests: total,
        failed,
        elapsedS: (performance.now() - start) / 1000,
        latency: { p50: round2(percentile(sorted, 50)), p90: round2(percentile(sorted, 90)), p99: round2(percentile(sorted, 99)), max: round2(sorted.at(-1) ?? NaN), average: round2(average) },
        clientCpuMs: (cpu.user + cpu.system) / 1000 / total,
      });
    };

    const send = (index: number, dueAt: number) => {
      const request = http.get(options.url, { agent: agents[index % agents.length], headers: options.headers }, (response) => {
        response.resume();
        response.on("end", () => {
          if (response.statusCode === 200) latencies.push(performance.now() - dueAt);
          else failed++;
          finishOne();
        });
      });
      request.on("error", () => {
        failed++;
        finishOne();
      });
    };

    let next = 0;
    const tick = () => {
      const now = performance.now();
      for (; next < total && start + next * intervalMs <= now; next++) send(next, start + next * intervalMs);
      if (next < total) setTimeout(tick, Math.max(0, start + next * intervalMs - performance.now()));
    };
    setTimeout(tick, 10);
  });
}
