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
//
// Why raw sockets instead of node:http: the load generator shares this 2-core
// machine with the server it measures. node:http's client spent about 0.8 ms of
// CPU per request here (a fifth of a core at 200 req/s, competing with the
// server); writing a prepared request and reading the answer's framing costs a
// small fraction of that.
import net from "node:net";
import { completeCpf } from "@/lib/br/documents";

/**
 * A JSON body per request (POST): `{{cpf}}` in the template becomes a valid CPF
 * unique to the request (base `cpfFrom + i`), `{{n}}` the request's number.
 */
export type OpenLoopBody = { template: string; cpfFrom: number };
/**
 * `rotatingHeaders`: request i adds `rotatingHeaders[i mod length]` to `headers` (one API key per
 * checkout, say). `record`: every answer's own line in `answers` (due order), with the
 * document status of its JSON body and its Preference-Applied header.
 */
export type OpenLoopOptions = { url: string; rate: number; durationS: number; connections: number; headers: Record<string, string>; rotatingHeaders?: Record<string, string>[]; body?: OpenLoopBody; record?: boolean };
/** One answer: when it was due (ms after the first request was due), its latency from that time, HTTP status (0: no answer), `"status"` of the body, Preference-Applied. */
export type OpenLoopAnswer = { dueMs: number; latencyMs: number; http: number; status: string | null; preferenceApplied: string | null };
export type OpenLoopResult = {
  requests: number;
  failed: number;
  elapsedS: number;
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  /** CPU of this (load-generating) process per request, ms. */
  clientCpuMs: number;
  /** How late this process's timer dispatched requests (p99, max), ms: lateness the generator, not the server, adds to latency. */
  dispatchLag: { p99: number; max: number };
  answers?: OpenLoopAnswer[];
  /** Wall-clock time (ms since the epoch) the first request was due: `dueMs` counts from it. */
  firstDueAtMs: number;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const HEADER_END = Buffer.from("\r\n\r\n");

/**
 * Where the first complete HTTP/1.1 response in `buffer` ends, or -1 if it is
 * not complete yet. Handles Content-Length and chunked bodies.
 */
export function responseEnd(buffer: Buffer): { end: number; status: number; headerEnd: number } | null {
  const headerEnd = buffer.indexOf(HEADER_END);
  if (headerEnd < 0) return null;
  const head = buffer.toString("latin1", 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  const bodyStart = headerEnd + 4;
  if (length) {
    const end = bodyStart + Number(length[1]);
    return buffer.length >= end ? { end, status, headerEnd } : null;
  }
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head)) return { end: bodyStart, status, headerEnd };
  let at = bodyStart;
  for (;;) {
    const lineEnd = buffer.indexOf("\r\n", at);
    if (lineEnd < 0) return null;
    const size = parseInt(buffer.toString("latin1", at, lineEnd), 16);
    if (size === 0) {
      const trailerEnd = buffer.indexOf(HEADER_END, lineEnd);
      return trailerEnd < 0 ? null : { end: trailerEnd + 4, status, headerEnd };
    }
    at = lineEnd + 2 + size + 2;
    if (buffer.length < at) return null;
  }
}

/** One keep-alive connection sending its due requests one at a time. */
class Connection {
  private readonly socket: net.Socket;
  private readonly due: { dueAt: number; request: Buffer }[] = [];
  private inFlight: number | null = null;
  private pending: Buffer = Buffer.alloc(0);

  constructor(
    url: URL,
    private readonly onAnswer: (dueAt: number, ok: boolean, answer?: { http: number; raw: Buffer; headerEnd: number }) => void,
  ) {
    this.socket = net.connect({ host: url.hostname, port: Number(url.port || 80), noDelay: true });
    this.socket.on("data", (chunk: Buffer) => this.receive(chunk));
    this.socket.on("error", () => this.failAll());
    this.socket.on("close", () => this.failAll());
  }

  send(dueAt: number, request: Buffer): void {
    this.due.push({ dueAt, request });
    if (this.inFlight === null) this.next();
  }

  close(): void {
    this.socket.removeAllListeners("close");
    this.socket.destroy();
  }

  private next(): void {
    const due = this.due.shift();
    if (due === undefined) return;
    this.inFlight = due.dueAt;
    this.socket.write(due.request);
  }

  private receive(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const answer = responseEnd(this.pending);
    if (!answer || this.inFlight === null) return;
    const raw = this.pending.subarray(0, answer.end);
    this.pending = this.pending.subarray(answer.end);
    const dueAt = this.inFlight;
    this.inFlight = null;
    this.onAnswer(dueAt, answer.status >= 200 && answer.status < 300, { http: answer.status, raw, headerEnd: answer.headerEnd });
    this.next();
  }

  private failAll(): void {
    const lost = [...(this.inFlight === null ? [] : [this.inFlight]), ...this.due.splice(0).map((due) => due.dueAt)];
    this.inFlight = null;
    for (const dueAt of lost) this.onAnswer(dueAt, false);
  }
}

/** The document status in a JSON answer's body and its Preference-Applied header (recorded answers only). */
export function describeAnswer(answer: { http: number; raw: Buffer; headerEnd: number } | undefined): Pick<OpenLoopAnswer, "http" | "status" | "preferenceApplied"> {
  if (!answer) return { http: 0, status: null, preferenceApplied: null };
  const head = answer.raw.toString("latin1", 0, answer.headerEnd);
  const body = answer.raw.toString("utf8", answer.headerEnd + 4);
  return {
    http: answer.http,
    status: /"status"\s*:\s*"([A-Z_]+)"/.exec(body)?.[1] ?? null,
    preferenceApplied: /\r\npreference-applied:\s*([^\r]*)/i.exec(head)?.[1] ?? null,
  };
}

export function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const url = new URL(options.url);
  const headerLines = Object.entries({ host: url.host, ...options.headers }).map(([name, value]) => `${name}: ${value}\r\n`);
  const get = Buffer.from(`GET ${url.pathname}${url.search} HTTP/1.1\r\n${headerLines.join("")}\r\n`, "latin1");
  const rotating = (options.rotatingHeaders ?? []).map((headers) => Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join(""));
  const requestFor = (i: number): Buffer => {
    const extra = rotating.length ? rotating[i % rotating.length]! : "";
    if (!options.body) return extra ? Buffer.from(`GET ${url.pathname}${url.search} HTTP/1.1\r\n${headerLines.join("")}${extra}\r\n`, "latin1") : get;
    const body = Buffer.from(options.body.template.replaceAll("{{cpf}}", completeCpf(String(options.body.cpfFrom + i).padStart(9, "0"))).replaceAll("{{n}}", String(i)), "utf8");
    const head = `POST ${url.pathname}${url.search} HTTP/1.1\r\n${headerLines.join("")}${extra}content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`;
    return Buffer.concat([Buffer.from(head, "latin1"), body]);
  };
  const total = Math.round(options.rate * options.durationS);
  const intervalMs = 1000 / options.rate;
  const latencies: number[] = [];
  const lags: number[] = [];
  const answers: OpenLoopAnswer[] = [];
  let failed = 0;
  let done = 0;
  const cpuBefore = process.cpuUsage();
  const start = performance.now() + 10;

  return new Promise((resolve) => {
    const onAnswer = (dueAt: number, ok: boolean, answer?: { http: number; raw: Buffer; headerEnd: number }) => {
      const latencyMs = performance.now() - dueAt;
      if (ok) latencies.push(latencyMs);
      else failed++;
      if (options.record) answers.push({ dueMs: round2(dueAt - start), latencyMs: round2(latencyMs), ...describeAnswer(answer) });
      if (++done < total) return;
      connections.forEach((connection) => connection.close());
      const cpu = process.cpuUsage(cpuBefore);
      const sorted = latencies.sort((a, b) => a - b);
      const average = sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || 1);
      resolve({
        requests: total,
        failed,
        elapsedS: (performance.now() - start) / 1000,
        firstDueAtMs: Math.round(Date.now() - (performance.now() - start)),
        latency: { p50: round2(percentile(sorted, 50)), p90: round2(percentile(sorted, 90)), p99: round2(percentile(sorted, 99)), max: round2(sorted.at(-1) ?? NaN), average: round2(average) },
        clientCpuMs: (cpu.user + cpu.system) / 1000 / total,
        dispatchLag: (() => {
          const sortedLags = lags.sort((a, b) => a - b);
          return { p99: round2(percentile(sortedLags, 99)), max: round2(sortedLags.at(-1) ?? NaN) };
        })(),
        ...(options.record && { answers: answers.sort((a, b) => a.dueMs - b.dueMs) }),
      });
    };
    const connections = Array.from({ length: options.connections }, () => new Connection(url, onAnswer));

    let next = 0;
    const tick = () => {
      const now = performance.now();
      for (; next < total && start + next * intervalMs <= now; next++) {
        lags.push(now - (start + next * intervalMs));
        connections[next % connections.length]!.send(start + next * intervalMs, requestFor(next));
      }
      if (next < total) setTimeout(tick, Math.max(0, start + next * intervalMs - performance.now()));
    };
    setTimeout(tick, 10);
  });
}
