import dns from "node:dns";
import type { LookupAddress } from "node:dns";
import { Agent, type Dispatcher } from "undici";
import { hostLiteralAddress, isAllowedAddress, isAllowedHostName, refusedAddressReason } from "./address-policy";
import { allowedHostEntries, RESPONSE_BODY_LIMIT, WEBHOOK_TIMEOUT_MS } from "./config";

// The one way a webhook leaves the process (issue 12, SSRF-safe sender). The
// host is resolved once, in the connector's lookup; every address is checked
// and the socket connects to exactly those addresses, so there is no window
// for DNS rebinding. IP-literal hosts never reach lookup and are checked
// before the request. Redirects are never followed (a 3xx is a failure). One
// 10 s budget covers connect, headers and body; at most 4 KB of the answer is kept.

export class RefusedAddressError extends Error {
  readonly code = "WEBHOOK_REFUSED_ADDRESS";
}

export type AttemptResult = {
  ok: boolean;
  responseStatus: number | null;
  responseBody: string | null;
  errorMessage: string | null;
  durationMs: number;
  /** Seconds asked for by a 429/503 answer's Retry-After (delta-seconds or HTTP date). */
  retryAfterSeconds?: number | null;
};

/** How a timed-out attempt's errorMessage starts (slow-endpoints.ts counts them). */
export const TIMEOUT_PREFIX = "timeout:";

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function checkedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { all: true, family: options?.family ?? 0 }, (error, addresses) => {
    if (error) return callback(error, []);
    const allowlist = allowedHostEntries();
    if (addresses.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), []);
    if (!isAllowedHostName(hostname, allowlist)) {
      for (const { address } of addresses) {
        const reason = refusedAddressReason(address, allowlist);
        if (reason) return callback(new RefusedAddressError(`${hostname}: ${reason}`), []);
      }
    }
    if (options?.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

const holder = globalThis as unknown as { __webhookAgent?: Agent };

function agent(): Agent {
  holder.__webhookAgent ??= new Agent({
    connect: { lookup: checkedLookup as never, timeout: WEBHOOK_TIMEOUT_MS },
    headersTimeout: WEBHOOK_TIMEOUT_MS,
    bodyTimeout: WEBHOOK_TIMEOUT_MS,
    keepAliveTimeout: 4_000,
    connections: 64,
  });
  return holder.__webhookAgent;
}

/** Why a URL may not be contacted before any connection (scheme, credentials, literal addresses), or null. */
export function urlRefusal(url: URL, allowlist: readonly string[] = allowedHostEntries()): string | null {
  const literal = hostLiteralAddress(url.hostname);
  // http:// only for hosts the operator listed (by name, address or CIDR).
  const listed = isAllowedHostName(url.hostname, allowlist) || (literal !== null && isAllowedAddress(literal, allowlist));
  if (url.protocol !== "https:" && !(url.protocol === "http:" && listed)) {
    return "only https:// URLs are allowed (http:// only for WEBHOOK_ALLOWED_HOSTS)";
  }
  if (url.username || url.password) return "URLs with credentials are not allowed";
  if (literal && !listed) return refusedAddressReason(literal, allowlist);
  return null;
}

// The literal/scheme verdict of an endpoint URL is the same for every attempt under one allowlist.
const refusals = new Map<string, string | null>();

function cachedUrlRefusal(target: URL, url: string): string | null {
  const allowlist = allowedHostEntries();
  const key = `${allowlist.join(",")} ${url}`;
  let refusal = refusals.get(key);
  if (refusal === undefined) {
    if (refusals.size > 10_000) refusals.clear();
    refusals.set(key, (refusal = urlRefusal(target, allowlist)));
  }
  return refusal;
}

/**
 * POSTs one signed body; never throws for a network outcome (it is the
 * attempt's result). `signal`: a batch started together shares one 10 s
 * deadline (one timer instead of one per request).
 */
export async function postWebhook(url: string, payload: string, headers: Record<string, string>, signal?: AbortSignal, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failure = (errorMessage: string, responseStatus: number | null = null, responseBody: string | null = null): AttemptResult => ({
    ok: false, responseStatus, responseBody, errorMessage, durationMs: elapsed(),
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return failure("invalid URL");
  }
  const refusal = cachedUrlRefusal(target, url);
  if (refusal) return failure(refusal);
  try {
    const response = await dispatchPost(target, payload, headers, signal ?? AbortSignal.timeout(timeoutMs));
    const status = response.statusCode;
    if (status >= 200 && status < 300) return { ok: true, responseStatus: status, responseBody: response.body, errorMessage: null, durationMs: elapsed() };
    const message = status >= 300 && status < 400 ? `HTTP ${status}: redirects are not followed` : `HTTP ${status}`;
    const retryAfterSeconds = status === 429 || status === 503 ? parseRetryAfter(response.headers["retry-after"]) : null;
    return { ...failure(message, status, response.body), retryAfterSeconds };
  } catch (error) {
    return failure(describeNetworkError(error, timeoutMs));
  }
}

type PostAnswer = { statusCode: number; headers: Record<string, string | string[] | undefined>; body: string };

// undici's dispatch with a handler of our own, not request(): no Readable stream, async iterator
// and promise chain per answer, only callbacks (about a third less of the sender's CPU per delivery,
// which runs next to emission). At most RESPONSE_BODY_LIMIT bytes are kept; past it the answer is
// taken as it is and the connection is dropped, so a receiver cannot stream into memory.
// A class, not a set of closures made again for every request.
class BoundedAnswer implements Dispatcher.DispatchHandler {
  private chunks: Buffer[] = [];
  private size = 0;
  private answer: Omit<PostAnswer, "body"> | null = null;
  private controller: Dispatcher.DispatchController | null = null;
  private settled = false;

  constructor(
    private readonly deadline: SharedDeadline,
    private readonly resolve: (answer: PostAnswer) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  abort(reason: Error): void {
    this.controller?.abort(reason);
  }

  settle(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.deadline.untrack(this);
    if (error || !this.answer) this.reject(error ?? new Error("no answer"));
    else this.resolve({ ...this.answer, body: Buffer.concat(this.chunks).subarray(0, RESPONSE_BODY_LIMIT).toString("utf8") });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.deadline.signal.aborted) controller.abort(this.deadline.signal.reason);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[]>): void {
    this.answer = { statusCode, headers };
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size >= RESPONSE_BODY_LIMIT) {
      this.settle(null);
      controller.abort(new Error("answer longer than the kept 4 KB: connection dropped"));
    }
  }

  onResponseEnd(): void {
    this.settle(null);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.settle(error);
  }
}

/**
 * One abort listener per deadline signal, not one per request: a batch of deliveries shares one
 * 10 s deadline, and adding and removing an EventTarget listener for each request cost more than
 * the request's own bookkeeping.
 */
class SharedDeadline {
  private readonly inFlight = new Set<BoundedAnswer>();

  constructor(readonly signal: AbortSignal) {
    signal.addEventListener("abort", () => this.inFlight.forEach((answer) => answer.abort(signal.reason as Error)), { once: true });
  }

  track(answer: BoundedAnswer): void {
    this.inFlight.add(answer);
  }

  untrack(answer: BoundedAnswer): void {
    this.inFlight.delete(answer);
  }
}

const deadlines = new WeakMap<AbortSignal, SharedDeadline>();

function sharedDeadline(signal: AbortSignal): SharedDeadline {
  let deadline = deadlines.get(signal);
  if (!deadline) deadlines.set(signal, (deadline = new SharedDeadline(signal)));
  return deadline;
}

function dispatchPost(target: URL, payload: string, headers: Record<string, string>, signal: AbortSignal): Promise<PostAnswer> {
  return new Promise<PostAnswer>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const deadline = sharedDeadline(signal);
    const answer = new BoundedAnswer(deadline, resolve, reject);
    deadline.track(answer);
    try {
      agent().dispatch({ origin: target.origin, path: `${target.pathname}${target.search}`, method: "POST", body: payload, headers }, answer);
    } catch (error) {
      answer.settle(error);
    }
  });
}

export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return null;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

// OpenSSL's certificate verification results that name no certificate in their code (the others match /CERT|UNABLE_TO_/).
const CERTIFICATE_VERIFY_CODES = new Set(["INVALID_PURPOSE", "INVALID_CA", "PATH_LENGTH_EXCEEDED", "HOSTNAME_MISMATCH", "INVALID_EXTENSION", "INVALID_NON_CA", "INVALID_CALL", "ERROR_IN_CRL_LAST_UPDATE_FIELD", "ERROR_IN_CRL_NEXT_UPDATE_FIELD", "CRL_HAS_EXPIRED", "CRL_NOT_YET_VALID", "CRL_SIGNATURE_FAILURE", "KEYUSAGE_NO_CERTSIGN", "APPLICATION_VERIFICATION"]);

/** A short, classified summary: timeout, DNS, TLS, refused address, connection refused/reset. */
export function describeNetworkError(error: unknown, timeoutMs = WEBHOOK_TIMEOUT_MS): string {
  const chain: Array<{ name?: string; code?: string; message?: string }> = [];
  let current = error as { cause?: unknown } | undefined;
  while (current && chain.length < 5) {
    chain.push(current as never);
    current = current.cause as never;
  }
  for (const e of chain) {
    if (e instanceof RefusedAddressError || e.code === "WEBHOOK_REFUSED_ADDRESS") return e.message ?? "refused address";
  }
  for (const e of chain) {
    const code = e.code ?? "";
    if (e.name === "TimeoutError" || e.name === "AbortError" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT" || code === "UND_ERR_CONNECT_TIMEOUT" || code === "ETIMEDOUT") {
      return `${TIMEOUT_PREFIX} no complete answer within ${timeoutMs / 1000} s`;
    }
    if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA") return `DNS: ${code} ${e.message ?? ""}`.trim();
    if (code === "ECONNREFUSED") return "connection refused";
    if (code === "ECONNRESET" || code === "UND_ERR_SOCKET" || code === "EPIPE") return "connection reset";
    if (code.startsWith("ERR_TLS") || code.startsWith("ERR_SSL") || /CERT|SELF_SIGNED|UNABLE_TO_/.test(code) || CERTIFICATE_VERIFY_CODES.has(code)) return `TLS: ${code}`;
  }
  const first = chain[0];
  return `network error: ${first?.code ?? first?.name ?? "unknown"}${first?.message ? ` ${first.message}` : ""}`.slice(0, 300);
}
