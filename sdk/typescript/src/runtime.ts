// The hand-written runtime under the generated client (src/generated/client.ts): one
// request function with authentication, Idempotency-Key (one key for every attempt of a
// call), retries that honour Retry-After, `Prefer: wait`, the spec's error object as a
// typed error, and the pagination helper. Node 20+ (global fetch).
import { randomUUID } from "node:crypto";
import type { components } from "./generated/schema";

/** The spec's error object (Errors → Error object). */
export type ErrorObject = components["schemas"]["Error"];

/** An answer other than 2xx: the error object the API returned, with its HTTP status. */
export class FiscalApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: ErrorObject;
  /** Seconds the server asked to wait (Retry-After), when it said. */
  readonly retryAfter: number | undefined;
  readonly headers: Headers;

  constructor(status: number, body: ErrorObject, headers: Headers) {
    super(`${status} ${body.error}${body.code ? ` (${body.code})` : ""}: ${body.message}`);
    this.name = "FiscalApiError";
    this.status = status;
    this.code = body.code;
    this.body = body;
    this.headers = headers;
    this.retryAfter = parseRetryAfter(headers.get("retry-after"), Date.now());
  }
}

type Parameters<Op> = Op extends { parameters: infer P } ? P : never;
type PathArgs<Op> = Parameters<Op> extends { path: infer P } ? { path: P } : unknown;
type QueryArgs<Op> = Parameters<Op> extends { query: infer Q } ? { query: Q }
  : Parameters<Op> extends { query?: infer Q } ? ([Exclude<Q, undefined>] extends [never] ? unknown : { query?: Exclude<Q, undefined> })
  : unknown;
type BodyArgs<Op> = Op extends { requestBody: { content: { "application/json": infer B } } } ? { body: B }
  : Op extends { requestBody?: { content: { "application/json": infer B } } } ? { body?: B | null }
  : unknown;

/** What one operation takes: its path parameters, query and JSON body, each typed from the OpenAPI document. */
export type RequestArgs<Op> = PathArgs<Op> & QueryArgs<Op> & BodyArgs<Op>;

type Responses<Op> = Op extends { responses: infer R } ? R : never;
type SuccessResponse<Op> = Responses<Op>[Extract<keyof Responses<Op>, 200 | 201 | 202 | 204>];
/** The 2xx answer of an operation: its JSON body, or the raw bytes for XML, PDF and ZIP downloads. */
export type SuccessBody<Op> = SuccessResponse<Op> extends { content: { "application/json": infer B } } ? B
  : SuccessResponse<Op> extends { content: object } ? ArrayBuffer
  : undefined;

export type CallOptions = {
  /** Idempotency-Key of a write; one is generated when absent, and every retry of the call repeats it. */
  idempotencyKey?: string;
  /** `Prefer: wait=N` (1-30 s): create-with-emit and emit answer with the outcome when it arrives in time. */
  wait?: number;
  /** Overrides the client's maxRetries for this call. */
  maxRetries?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type ClientOptions = {
  /** The service's address, e.g. https://api.example.com (no trailing /v1). */
  baseUrl: string;
  /** A company key (fsk_…) or an account key (fsa_…). */
  apiKey?: string;
  /** With an account key: the company a request acts for (X-Company-Id). */
  companyId?: string;
  /** Retries after 429, 503, 502, 504, 409 idempotency_key_in_use and network errors (default 3). */
  maxRetries?: number;
  /** Longest wait between attempts, in seconds, whatever Retry-After says (default 60). */
  maxRetryDelaySeconds?: number;
  fetch?: typeof fetch;
  /** For tests: how the client waits between attempts. */
  sleep?: (ms: number) => Promise<void>;
};

/** Retry-After as seconds: delta-seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

const RETRIED_STATUSES = new Set([429, 502, 503, 504]);

export class BaseClient {
  protected readonly options: Required<Pick<ClientOptions, "baseUrl" | "maxRetries" | "maxRetryDelaySeconds">> & ClientOptions;

  constructor(options: ClientOptions) {
    this.options = { maxRetries: 3, maxRetryDelaySeconds: 60, ...options, baseUrl: options.baseUrl.replace(/\/+$/, "") };
  }

  /** Every item of a paginated list, page after page (`{ data, meta: { page, totalPages } }`). */
  async *paginate<T>(fetchPage: (page: number) => Promise<{ data: T[]; meta: { page: number; totalPages: number } }>): AsyncGenerator<T> {
    for (let page = 1; ; page += 1) {
      const answer = await fetchPage(page);
      yield* answer.data;
      if (page >= answer.meta.totalPages || answer.data.length === 0) return;
    }
  }

  protected async request(method: string, path: string, args: unknown, options: CallOptions = {}): Promise<unknown> {
    const { path: pathParams, query, body } = (args ?? {}) as { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
    const url = new URL(this.options.baseUrl + path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(pathParams?.[name] ?? ""))));
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
    }
    const headers: Record<string, string> = { accept: "application/json, */*", "user-agent": "fiscal-issuer-sdk-typescript", ...options.headers };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    if (this.options.companyId) headers["x-company-id"] = this.options.companyId;
    if (method !== "GET") headers["idempotency-key"] = options.idempotencyKey ?? randomUUID();
    if (options.wait !== undefined) headers.prefer = `wait=${options.wait}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const fetchImpl = this.options.fetch ?? fetch;
    const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    const maxRetries = options.maxRetries ?? this.options.maxRetries;
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetchImpl(url, { method, headers, body: payload, signal: options.signal });
      } catch (error) {
        if (attempt >= maxRetries || options.signal?.aborted) throw error;
        await sleep(this.backoffMs(attempt, undefined));
        continue;
      }
      if (response.ok) return readBody(response);
      const errorBody = await readError(response);
      const retriable = RETRIED_STATUSES.has(response.status) || (response.status === 409 && errorBody.code === "idempotency_key_in_use");
      if (!retriable || attempt >= maxRetries) throw new FiscalApiError(response.status, errorBody, response.headers);
      await sleep(this.backoffMs(attempt, parseRetryAfter(response.headers.get("retry-after"), Date.now())));
    }
  }

  private backoffMs(attempt: number, retryAfterSeconds: number | undefined): number {
    const cap = this.options.maxRetryDelaySeconds * 1000;
    if (retryAfterSeconds !== undefined) return Math.min(cap, retryAfterSeconds * 1000);
    return Math.min(cap, 500 * 2 ** attempt * (0.5 + Math.random() / 2));
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) return response.json();
  return response.arrayBuffer();
}

async function readError(response: Response): Promise<ErrorObject> {
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as Partial<ErrorObject>;
    if (typeof parsed.message === "string") return { statusCode: response.status, error: parsed.error ?? response.statusText, ...parsed } as ErrorObject;
  } catch {
    // not JSON: a proxy's page; described below
  }
  return { statusCode: response.status, error: response.statusText || "Error", message: text.slice(0, 500) || `HTTP ${response.status}` };
}
