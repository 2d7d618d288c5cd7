import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import compression from "next/dist/compiled/compression";
import { releaseCompressionStream } from "next/dist/server/lib/release-compression-stream";
import { isValidHost, type RawRequestGuard } from "./raw-request-guard";
import { unreadResponseText } from "./response-text";
import type { RouteHandler } from "./run-contract";

// The production server answers /v1 from a table of the app/v1 route files'
// own handlers, on the raw Node request, instead of through Next's router and
// app-route pipeline (bench:api: that pipeline alone cost about 0.55 ms of CPU
// per request, more than the handler and PostgreSQL together; docs/architecture.md,
// "/v1 route table"). The handlers are the same functions Next would call, given
// the same Request and params; the answer is written the way Next's sendResponse
// writes it. Anything the table is not sure to route exactly like Next (an
// encoded or odd path, HEAD/OPTIONS, a method the file does not export) falls
// through to Next unchanged.

export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type RouteMethod = (typeof ROUTE_METHODS)[number];
export type RouteModule = Partial<Record<RouteMethod, RouteHandler>> & Record<string, unknown>;
/** A route file: its path as in app/ (`/v1/clients/[id]`, `/v1/[...path]`) and its module. */
export type RouteTableEntry = { path: string; module: RouteModule };

type Segment = { kind: "static"; text: string } | { kind: "param"; name: string } | { kind: "catchAll"; name: string };
type CompiledRoute = { entry: RouteTableEntry; segments: Segment[] };
export type CompiledRouteTable = CompiledRoute[];

function parseSegment(text: string): Segment {
  const catchAll = /^\[\.\.\.([^\]]+)\]$/.exec(text);
  if (catchAll) return { kind: "catchAll", name: catchAll[1]! };
  const param = /^\[([^\]]+)\]$/.exec(text);
  if (param) return { kind: "param", name: param[1]! };
  return { kind: "static", text };
}

const RANK = { static: 0, param: 1, catchAll: 2 } as const;

/** Next's precedence: at the first segment that differs, a static segment wins over a [param], a [param] over a [...catchAll]. */
function compareSpecificity(a: CompiledRoute, b: CompiledRoute): number {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const left = a.segments[i];
    const right = b.segments[i];
    if (!left || !right) return left ? 1 : -1;
    const difference = RANK[left.kind] - RANK[right.kind];
    if (difference !== 0) return difference;
  }
  return 0;
}

export function compileRouteTable(entries: readonly RouteTableEntry[]): CompiledRouteTable {
  return entries
    .map((entry) => ({ entry, segments: entry.path.split("/").filter(Boolean).map(parseSegment) }))
    .sort(compareSpecificity);
}

export type RouteMatch = { entry: RouteTableEntry; params: Record<string, string | string[]> };

function matchOne(route: CompiledRoute, parts: readonly string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  const { segments } = route;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment.kind === "catchAll") {
      if (i >= parts.length) return null;
      params[segment.name] = parts.slice(i);
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.kind === "static") {
      if (segment.text !== part) return null;
    } else params[segment.name] = part;
  }
  return segments.length === parts.length ? params : null;
}

/** The most specific route of the table for a pathname (plain segments, no percent-encoding), with its params. */
export function matchRoute(table: CompiledRouteTable, pathname: string): RouteMatch | null {
  const parts = pathname.split("/");
  parts.shift();
  for (const route of table) {
    const params = matchOne(route, parts);
    if (params) return { entry: route.entry, params };
  }
  return null;
}

// Paths the table routes exactly as Next does: /v1/ then non-empty segments of
// unreserved and sub-delimiter characters, no dot segments, no trailing slash
// (Next redirects it), no percent-encoding (Next decodes it), optional query.
const PLAIN_API_TARGET = /^\/v1(?:\/(?!\.\.?(?:[/?]|$))[A-Za-z0-9._~!$&'()*+,;=:@-]+)+(?:\?|$)/;

/** The header that sends a request through Next instead of the table, honoured only with V1_ROUTE_TABLE=compare (e2e). */
export const ROUTE_VIA_NEXT_HEADER = "x-fiscal-route-via-next";

/** Set on the table's answers with V1_ROUTE_TABLE=compare, so a test knows which path answered. */
export const SERVED_BY_TABLE_HEADER = "x-fiscal-served-by-route-table";

export type RouteTableMode = "on" | "off" | "compare";

/**
 * V1_ROUTE_TABLE of a production server: on (the default), off (Next routes /v1), compare (on,
 * and ROUTE_VIA_NEXT_HEADER picks Next). Always off under `next dev`, which reloads route files.
 */
export function routeTableMode(environment: NodeJS.ProcessEnv = process.env): RouteTableMode {
  if (environment.NODE_ENV !== "production") return "off";
  const value = environment.V1_ROUTE_TABLE;
  if (value === "off" || value === "compare" || value === "on") return value;
  if (value) throw new Error(`V1_ROUTE_TABLE: "${value}" is none of on, off, compare`);
  return "on";
}

function isRouteMethod(method: string): method is RouteMethod {
  return method === "GET" || method === "POST" || method === "PUT" || method === "PATCH" || method === "DELETE";
}

/**
 * A raw request guard (./raw-request-guard.ts) that answers the /v1 requests
 * the table routes and returns false for them; every other request goes on to
 * Next. Installed after openapi/api-request-guard.ts, so the security headers
 * are already on the response and the 400/405 refusals already given.
 */
export function routeTableDispatcher(entries: readonly RouteTableEntry[], mode: RouteTableMode): RawRequestGuard {
  const table = compileRouteTable(entries);
  return (request, response) => {
    if (mode === "off") return true;
    const target = request.url ?? "";
    const method = request.method ?? "GET";
    if (!isRouteMethod(method) || !PLAIN_API_TARGET.test(target)) return true;
    if (mode === "compare" && request.headers[ROUTE_VIA_NEXT_HEADER] !== undefined) return true;
    // Next's own protocols (React Server Components, server actions) stay Next's.
    if (request.headers.rsc !== undefined || request.headers["next-action"] !== undefined) return true;
    const query = target.indexOf("?");
    const match = matchRoute(table, query < 0 ? target : target.slice(0, query));
    const handler = match?.entry.module[method];
    if (!match || typeof handler !== "function") return true;
    if (mode === "compare") response.setHeader(SERVED_BY_TABLE_HEADER, "1");
    serve(handler, match.params, request, response, target, method);
    return false;
  };
}

// What Next does to every app-route answer before its handler runs: its compression (gzip when
// the client accepts it, with Vary: Accept-Encoding) and the Vary of its router headers.
const compress = compression();
const APP_ROUTE_VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch";

function serve(handler: RouteHandler, params: Record<string, string | string[]>, request: IncomingMessage, response: ServerResponse, target: string, method: RouteMethod): void {
  compress(request, response, () => undefined);
  response.once("close", () => {
    // As Next: a client gone mid-answer leaves the middleware's zlib stream open otherwise.
    if (!response.writableFinished) releaseCompressionStream(response);
  });
  response.appendHeader("vary", APP_ROUTE_VARY);
  delete request.headers["next-url"];
  const webRequest = toWebRequest(request, response, target, method);
  handler(webRequest, { params: Promise.resolve(params) })
    .then((answer) => writeWebResponse(answer, response))
    .catch((error: unknown) => {
      // As Next does with a route handler that throws: logged, an empty 500.
      console.error(error);
      if (response.headersSent) response.destroy();
      else {
        response.statusCode = 500;
        response.end();
      }
    });
}

/** The headers Next adds to the request before its handlers see it (base-server's x-forwarded-*). */
function addForwardedHeaders(request: IncomingMessage): void {
  const headers = request.headers;
  const socket = request.socket;
  const encrypted = "encrypted" in socket && socket.encrypted === true;
  headers["x-forwarded-host"] ??= headers.host ?? "localhost";
  headers["x-forwarded-port"] ??= String(socket.localPort ?? "");
  headers["x-forwarded-proto"] ??= encrypted ? "https" : "http";
  headers["x-forwarded-for"] ??= socket.remoteAddress;
}

/** A header of Node's object by any case of its name (own entries only: not `constructor`). */
function ownHeader(raw: IncomingHttpHeaders, name: string): string | null {
  const key = name.toLowerCase();
  if (!Object.hasOwn(raw, key)) return null;
  const value = raw[key];
  if (typeof value === "string") return value;
  return Array.isArray(value) ? value.join(", ") : null;
}

/**
 * The request headers as a Headers object (instanceof Headers, as Next's), filled from
 * Node's header object only when something beyond get/has needs them: the /v1 wrapper
 * reads a few headers by name, and filling and validating all of them was most of the
 * cost of building a Request (bench:api profile). Node's object is what Next fills its
 * Headers from too (lowercase names, repeated values joined with ", ").
 */
export class NodeRequestHeaders extends Headers {
  private raw: IncomingHttpHeaders | null;

  constructor(raw: IncomingHttpHeaders) {
    super();
    this.raw = raw;
  }

  private filled(): this {
    const raw = this.raw;
    if (raw === null) return this;
    this.raw = null;
    for (const name in raw) {
      const value = raw[name];
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) super.append(name, item);
      else super.append(name, value);
    }
    return this;
  }

  override get(name: string): string | null {
    if (this.raw === null) return super.get(name);
    return ownHeader(this.raw, name);
  }

  override has(name: string): boolean {
    return this.raw === null ? super.has(name) : ownHeader(this.raw, name) !== null;
  }

  override append(name: string, value: string): void {
    this.filled();
    super.append(name, value);
  }

  override set(name: string, value: string): void {
    this.filled();
    super.set(name, value);
  }

  override delete(name: string): void {
    this.filled();
    super.delete(name);
  }

  override getSetCookie(): string[] {
    return this.filled() && super.getSetCookie();
  }

  override forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    this.filled();
    super.forEach(callback, thisArg);
  }

  override entries(): HeadersIterator<[string, string]> {
    return this.filled() && super.entries();
  }

  override keys(): HeadersIterator<string> {
    return this.filled() && super.keys();
  }

  override values(): HeadersIterator<string> {
    return this.filled() && super.values();
  }

  override [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.filled() && super[Symbol.iterator]();
  }
}

/**
 * What a table route's handler is given for the Request: the url, method, headers and
 * body stream a Request would have (the handlers read only these, lib/api/read-input.ts
 * the body), built without undici's Request constructor (its validation and AbortSignal
 * cost about a tenth of the server's CPU per request). Anything else a Request has is
 * answered by a real Request built from the same parts on first use.
 */
class NodeBackedRequest {
  readonly headers: NodeRequestHeaders;
  readonly body: ReadableStream<Uint8Array> | null;
  private abort: AbortController | undefined;
  private real: Request | undefined;

  constructor(readonly url: string, readonly method: string, private readonly incoming: IncomingMessage, private readonly outgoing: ServerResponse) {
    this.headers = new NodeRequestHeaders(incoming.headers);
    this.body = method === "GET" ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
  }

  /** Aborted once the client went away before the answer (lib/api/transient-errors.ts reads it, as under Next). */
  get signal(): AbortSignal {
    this.abort ??= new AbortController();
    if (!this.abort.signal.aborted && !this.outgoing.writableFinished && (this.outgoing.destroyed || this.incoming.socket.destroyed)) this.abort.abort();
    return this.abort.signal;
  }

  private asRequest(): Request {
    this.real ??= new Request(this.url, { method: this.method, headers: this.headers, body: this.body, duplex: "half", signal: this.signal } as RequestInit);
    return this.real;
  }

  get bodyUsed(): boolean {
    return this.real ? this.real.bodyUsed : (this.body?.locked ?? false);
  }
  get cache() { return this.asRequest().cache; }
  get credentials() { return this.asRequest().credentials; }
  get destination() { return this.asRequest().destination; }
  get integrity() { return this.asRequest().integrity; }
  get keepalive() { return this.asRequest().keepalive; }
  get mode() { return this.asRequest().mode; }
  get redirect() { return this.asRequest().redirect; }
  get referrer() { return this.asRequest().referrer; }
  get referrerPolicy() { return this.asRequest().referrerPolicy; }
  arrayBuffer() { return this.asRequest().arrayBuffer(); }
  blob() { return this.asRequest().blob(); }
  bytes() { return this.asRequest().arrayBuffer().then((buffer) => new Uint8Array(buffer)); }
  formData() { return this.asRequest().formData(); }
  json() { return this.asRequest().json(); }
  text() { return this.asRequest().text(); }
  clone() { return this.asRequest().clone(); }
}

function toWebRequest(request: IncomingMessage, response: ServerResponse, target: string, method: RouteMethod): Request {
  addForwardedHeaders(request);
  return new NodeBackedRequest(requestUrl(request.headers, target), method, request, response) as unknown as Request;
}

/**
 * The URL a table route's Request carries. The Host header only where it is a plain
 * host[:port] (the raw request guard refuses any other; this holds without it too): a
 * `#` in it made the path and query a fragment, a space made `new URL` throw (issue 49).
 */
export function requestUrl(raw: IncomingHttpHeaders, target: string): string {
  const host = isValidHost(raw.host) ? raw.host : "localhost";
  return `${raw["x-forwarded-proto"] === "https" ? "https" : "http"}://${host}${target}`;
}

// As Next's sendResponse (next/dist/server/send-response.js): framing headers are Node's,
// set-cookie is appended per cookie, and a header already on the response (the security
// headers of openapi/api-request-guard.ts) is kept unless it may appear more than once.
const FRAMING_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding"]);
const REPEATABLE_HEADERS = new Set(["www-authenticate", "proxy-authenticate", "vary"]);

async function writeWebResponse(answer: Response, response: ServerResponse): Promise<void> {
  response.statusCode = answer.status;
  response.statusMessage = answer.statusText;
  answer.headers.forEach((value, name) => {
    if (FRAMING_HEADERS.has(name) || name === "set-cookie" || name === "x-middleware-set-cookie") return;
    if (REPEATABLE_HEADERS.has(name) || response.getHeader(name) === undefined) response.appendHeader(name, value);
  });
  for (const cookie of answer.headers.getSetCookie()) response.appendHeader("set-cookie", cookie);
  // A JSON answer of ours: its text as is. Written, then ended (one socket write all the same):
  // end(text) would give the compression middleware a length, and it leaves answers under
  // 1 kB uncompressed, where Next, which streams, compresses them all.
  const text = unreadResponseText(answer);
  if (text !== undefined) {
    response.write(text);
    response.end();
    return;
  }
  if (!answer.body) {
    response.end();
    return;
  }
  const reader = answer.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (response.destroyed) {
        await reader.cancel();
        return;
      }
      if (!response.write(value)) await new Promise<void>((resolve) => {
        const resume = () => {
          response.off("drain", resume);
          response.off("close", resume);
          resolve();
        };
        response.on("drain", resume);
        response.on("close", resume);
      });
    }
    response.end();
  } catch (error) {
    reader.cancel(error).catch(() => undefined);
    throw error;
  }
}
