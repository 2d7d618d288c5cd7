import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { RawRequestGuard } from "./raw-request-guard";
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
    const query = target.indexOf("?");
    const match = matchRoute(table, query < 0 ? target : target.slice(0, query));
    const handler = match?.entry.module[method];
    if (!match || typeof handler !== "function") return true;
    serve(handler, match.params, request, response, target, method);
    return false;
  };
}

function serve(handler: RouteHandler, params: Record<string, string | string[]>, request: IncomingMessage, response: ServerResponse, target: string, method: RouteMethod): void {
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

function toWebRequest(request: IncomingMessage, response: ServerResponse, target: string, method: RouteMethod): Request {
  addForwardedHeaders(request);
  const headers = new Headers();
  const raw = request.headers;
  for (const name in raw) {
    const value = raw[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // Aborted when the client goes away before the answer (lib/api/transient-errors.ts reads it, as under Next).
  const controller = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) controller.abort();
  });
  const url = `${raw["x-forwarded-proto"] === "https" ? "https" : "http"}://${raw.host ?? "localhost"}${target}`;
  if (method === "GET") return new Request(url, { method, headers, signal: controller.signal });
  return new Request(url, { method, headers, signal: controller.signal, body: Readable.toWeb(request) as ReadableStream<Uint8Array>, duplex: "half" } as RequestInit);
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
