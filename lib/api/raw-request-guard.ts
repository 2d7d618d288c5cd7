import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { PEER_ADDRESS_HEADER } from "./client-address";

// What only the raw Node request shows, checked before Next sees it (installed
// once per server process by instrumentation.ts):
// - the socket's peer address, stamped on the request for lib/api/client-address.ts
//   (Next keeps a client's own X-Forwarded-For and gives route handlers no socket);
// - a request with more than one Authorization header is refused: Node keeps the
//   first and drops the rest, so two credentials would silently act as one;
// - a Host header that is not a host[:port], or more than one, is refused (RFC 9112
//   §3.2: 400): request URLs are built from it (issue 49, finding 7: `Host: a b` made
//   `new URL` throw, a 500 with a stack in the log; `Host: x#y` dropped the query string).

const DUPLICATE_AUTHORIZATION = {
  statusCode: 400,
  error: "Bad Request",
  message: "Authorization: the header appears more than once; send exactly one",
  code: "validation_error",
};

const INVALID_HOST = {
  statusCode: 400,
  error: "Bad Request",
  message: "Host: must appear once, as host or host:port (RFC 9112, section 3.2)",
  code: "validation_error",
};

// reg-name of letters, digits and - . _ ~ (no percent-encoding or sub-delims: no server of ours is named so), or an IPv6 literal; then an optional port.
const HOST = /^(?:[A-Za-z0-9\-._~]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Whether a Host header's value can stand in a URL's authority as it is. */
export function isValidHost(value: string | undefined): value is string {
  return value !== undefined && HOST.test(value);
}

function refuse(response: ServerResponse, refusal: object): false {
  const body = JSON.stringify(refusal);
  response.writeHead(400, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body), connection: "close" });
  response.end(body);
  return false;
}

function countHeader(rawHeaders: readonly string[], name: string): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === name) count++;
  return count;
}

/** Stamps the peer address; answers 400 itself and returns false when the request is refused. */
export function guardRawRequest(request: IncomingMessage, response: ServerResponse): boolean {
  request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "unknown";
  if (countHeader(request.rawHeaders, "authorization") > 1) return refuse(response, DUPLICATE_AUTHORIZATION);
  const hosts = countHeader(request.rawHeaders, "host");
  // HTTP/1.0 may omit it (the URL then names localhost); present, it must be one valid host.
  if (hosts > 1 || (hosts === 1 && !isValidHost(request.headers.host))) return refuse(response, INVALID_HOST);
  return true;
}

const globalForGuard = globalThis as unknown as { __fiscalRawRequestGuard?: boolean };

/** A check on the raw request: returns false when it answered the request itself. */
export type RawRequestGuard = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Runs guardRawRequest, then each of `more` in order (instrumentation.ts: the
 * /v1 protections of openapi/api-request-guard.ts), on every request of every HTTP
 * server in this process, before the server's own listeners (Next's). Idempotent.
 */
export function installRawRequestGuard(...more: RawRequestGuard[]): void {
  if (globalForGuard.__fiscalRawRequestGuard) return;
  globalForGuard.__fiscalRawRequestGuard = true;
  const guards: RawRequestGuard[] = [guardRawRequest, ...more];
  const emit = http.Server.prototype.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function guardedEmit(this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      for (const guard of guards) if (!guard(args[0] as IncomingMessage, args[1] as ServerResponse)) return true;
    }
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
}
