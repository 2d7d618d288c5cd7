import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { PEER_ADDRESS_HEADER } from "./client-address";

// What only the raw Node request shows, checked before Next sees it (installed
// once per server process by instrumentation.ts):
// - the socket's peer address, stamped on the request for lib/api/client-address.ts
//   (Next keeps a client's own X-Forwarded-For and gives route handlers no socket);
// - a request with more than one Authorization header is refused: Node keeps the
//   first and drops the rest, so two credentials would silently act as one.

const DUPLICATE_AUTHORIZATION = {
  statusCode: 400,
  error: "Bad Request",
  message: "Authorization: the header appears more than once; send exactly one",
  code: "validation_error",
};

function countHeader(rawHeaders: readonly string[], name: string): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === name) count++;
  return count;
}

/** Stamps the peer address; answers 400 itself and returns false when the request is refused. */
export function guardRawRequest(request: IncomingMessage, response: ServerResponse): boolean {
  request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "unknown";
  if (countHeader(request.rawHeaders, "authorization") > 1) {
    const body = JSON.stringify(DUPLICATE_AUTHORIZATION);
    response.writeHead(400, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body), connection: "close" });
    response.end(body);
    return false;
  }
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
