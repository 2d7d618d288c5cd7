import type { IncomingMessage, ServerResponse } from "node:http";
import { disallowedMethod } from "./allowed-methods";
import { describeMalformedPath, securityHeaders } from "@/lib/api/security-headers";

// The /v1 API's browser protections (./security-headers.ts) and the refusals
// Next would answer in its own format (an empty 405 for a method a route file
// does not export, a plain-text 500 for a path it cannot decode), given on the
// raw request before Next routes it (./raw-request-guard.ts installs this)
// instead of in proxy.ts, whose matcher leaves /v1 out: Next's proxy machinery
// cost 0.3–0.6 ms of CPU per /v1 request (bench:api), more than the handler.
// Headers set here stay on every /v1 answer, Next's own included: Next adds a
// route's headers only where these are not set (as it did the proxy's).

const API_PATH = /^\/v1(\/|$)/i;

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The path as sent, without the query; an absolute-form target (`GET http://host/v1/…`) gives its path. */
function rawPathnameOf(target: string): string {
  const path = target.startsWith("/") ? target : target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "") || "/";
  const end = path.search(/[?#]/);
  return end < 0 ? path : path.slice(0, end);
}

/** Whether proxy.ts's matcher leaves this path to this guard: as sent, or percent-decoded, in any case. */
export function isApiRequestPath(rawPathname: string): boolean {
  return API_PATH.test(rawPathname) || API_PATH.test(safeDecode(rawPathname));
}

/** The path a router resolving dot segments (`..`, `.`, `%2e`, `\\`) reaches: Next answers `/api/../v1/clients` as `/v1/clients`. */
function resolvedPathnameOf(rawPathname: string): string {
  try {
    return new URL(rawPathname, "http://localhost").pathname;
  } catch {
    return rawPathname;
  }
}

function answer(response: ServerResponse, status: number, body: object, headers: Record<string, string>): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { ...headers, "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  response.end(text);
}

/** Sets the /v1 security headers; answers 400 or 405 itself and returns false when the request goes no further. */
export function guardApiRequest(request: IncomingMessage, response: ServerResponse): boolean {
  const rawPathname = rawPathnameOf(request.url ?? "/");
  if (!isApiRequestPath(rawPathname)) {
    // Issue 49, finding 7: `/api/../v1/clients` reached /v1 past this guard, without the headers. Refused.
    const resolved = resolvedPathnameOf(rawPathname);
    if (!isApiRequestPath(resolved)) return true;
    const headers = securityHeaders({ pathname: `/v1${safeDecode(resolved).slice(3)}`, https: false, nonce: "", development: false });
    const message = `path: dot segments (. or ..) leading into /v1 are not accepted; send the path as resolved (${resolved})`;
    answer(response, 400, { statusCode: 400, error: "Bad Request", message, code: "validation_error" }, headers);
    return false;
  }
  const forwardedProto = request.headers["x-forwarded-proto"];
  const https = ("encrypted" in request.socket && request.socket.encrypted === true) || (typeof forwardedProto === "string" && forwardedProto.split(",")[0]!.trim() === "https");
  // The headers of the path as routed: /V1/… and /%761/… are /v1/… to them.
  const headers = securityHeaders({ pathname: `/v1${safeDecode(rawPathname).slice(3)}`, https, nonce: "", development: false });
  const malformed = describeMalformedPath(rawPathname);
  if (malformed) {
    answer(response, 400, { statusCode: 400, error: "Bad Request", message: `path: ${malformed}`, code: "validation_error" }, headers);
    return false;
  }
  const method = request.method ?? "GET";
  const allowed = disallowedMethod(rawPathname, method);
  if (allowed) {
    const message = `${method} is not allowed on ${rawPathname}; allowed: ${allowed.join(", ")}`;
    answer(response, 405, { statusCode: 405, error: "Method Not Allowed", message, code: "method_not_allowed" }, { ...headers, Allow: allowed.join(", ") });
    return false;
  }
  for (const name in headers) response.setHeader(name, headers[name]!);
  return true;
}
