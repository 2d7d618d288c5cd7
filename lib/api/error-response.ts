import { randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import { z } from "zod";
import { DomainError, statusName, type ErrorBody } from "@/lib/errors";
import { describeZodError } from "@/lib/contracts/parse-input";
import { isClientDisconnect, isDatabaseUnavailable } from "./transient-errors";
import { textResponse } from "./response-text";

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return textResponse(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

export function errorResponse(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  const body: ErrorBody = { statusCode: status, error: statusName(status), message, code };
  return jsonResponse(body, status, headers);
}

/**
 * Maps anything thrown by a handler to the spec's error object; unknown errors
 * are opaque 500s, logged with a reference id. `request` tells a client that
 * went away from a failure.
 */
export function toErrorResponse(error: unknown, request?: Request): Response {
  if (error instanceof DomainError) return jsonResponse(error.toBody(), error.status, error.headers);
  if (isClientDisconnect(error, request)) {
    // Nobody reads this answer; not an error of ours to log.
    return errorResponse(499, "client_disconnected", "The client closed the request before the answer");
  }
  if (error instanceof z.ZodError) return errorResponse(400, "validation_error", describeZodError(error));
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2025") return errorResponse(404, "not_found", "Resource not found");
    if (error.code === "P2002") return errorResponse(409, "conflict", "A record with the same unique value already exists");
  }
  if (isPoolExhausted(error)) {
    // Every pooled connection stayed busy for the connect timeout (5 s): a momentary overload, not a bug.
    return errorResponse(503, "service_unavailable", "The service is busy; retry in a few seconds", { "Retry-After": "2" });
  }
  if (isDatabaseUnavailable(error)) {
    // A connection killed or refused mid-request (database restart, failover): retryable, and worth one line, not a reference.
    console.warn(`database unavailable during a request (503 answered): ${(error as Error).message?.split("\n").pop()}`);
    return errorResponse(503, "service_unavailable", "The database is momentarily unavailable; retry in a few seconds", { "Retry-After": "2" });
  }
  const requestId = randomUUID();
  console.error(`[${requestId}] unhandled error`, error);
  return errorResponse(500, "internal_error", `Unexpected error. Reference: ${requestId}`);
}

const POOL_EXHAUSTED = /timeout exceeded when trying to connect|Unable to start a transaction in the given time|Transaction API error: Unable to start/i;

function isPoolExhausted(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    if (POOL_EXHAUSTED.test(current.message)) return true;
  }
  return false;
}
