// Failures that are not bugs, so they are not logged as "unhandled error" with
// a reference id (docs/operations.md tells operators to act on those):
// - the database connection lost mid-request (terminated backend, restart,
//   network): a retryable 503, issue 34 problem 12;
// - the client gone before the answer (closed socket, aborted body upload):
//   nobody reads the answer, and the client knows what it did.

// SQLSTATE class 08 (connection exception), 57P01-57P03 (admin shutdown, crash
// shutdown, cannot connect now), 53300 (too many connections); Prisma's
// "can't reach", "server closed the connection" and pool timeout; socket errors.
const DATABASE_UNAVAILABLE_CODES = new Set(["57P01", "57P02", "57P03", "53300", "P1001", "P1002", "P1017", "P2024", "ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"]);
const DATABASE_UNAVAILABLE_MESSAGE =
  /Connection terminated|terminating connection|server closed the connection|Can't reach database server|Client has encountered a connection error|Connection ended unexpectedly|the database system is (shutting down|starting up|in recovery mode)/i;

type ErrorLike = { code?: unknown; message?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; code?: unknown } } }; cause?: unknown };

/** The error and its causes, a few levels deep. */
function* chain(error: unknown): Generator<ErrorLike> {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    yield current as ErrorLike;
    current = (current as ErrorLike).cause;
  }
}

function codesOf(error: ErrorLike): string[] {
  const adapter = error.meta?.driverAdapterError?.cause;
  return [error.code, adapter?.originalCode, adapter?.code].filter((code): code is string => typeof code === "string");
}

/** The database connection was lost or refused: the same request can succeed in a moment. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of chain(error)) {
    if (codesOf(link).some((code) => DATABASE_UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof link.message === "string" && DATABASE_UNAVAILABLE_MESSAGE.test(link.message)) return true;
  }
  return false;
}

/** The client disconnected (its request was aborted), so nobody will read the answer. */
export function isClientDisconnect(error: unknown, request?: Request): boolean {
  if (request?.signal.aborted) return true;
  for (const link of chain(error)) {
    if ((link as { name?: unknown }).name === "AbortError") return true;
    if (link.code === "ERR_STREAM_PREMATURE_CLOSE" || link.code === "ECONNABORTED") return true;
    // Node's IncomingMessage when the client closes the socket mid-body: Error("aborted"), code ECONNRESET.
    if (link.message === "aborted") return true;
  }
  return false;
}
