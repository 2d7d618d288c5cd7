import { randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import { z } from "zod";
import { DomainError, statusName, type ErrorBody } from "@/lib/errors";

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

export function errorResponse(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  const body: ErrorBody = { statusCode: status, error: statusName(status), message, code };
  return jsonResponse(body, status, headers);
}

/** "items.0.quantity: Too small: expected number to be >0" — the field path first. */
export function describeZodError(error: z.ZodError, prefix?: string): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

/** Maps anything thrown by a handler to the spec's error object; unknown errors are opaque 500s. */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof DomainError) return jsonResponse(error.toBody(), error.status, error.headers);
  if (error instanceof z.ZodError) return errorResponse(400, "validation_error", describeZodError(error));
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2025") return errorResponse(404, "not_found", "Resource not found");
    if (error.code === "P2002") return errorResponse(409, "conflict", "A record with the same unique value already exists");
  }
  const requestId = randomUUID();
  console.error(`[${requestId}] unhandled error`, error);
  return errorResponse(500, "internal_error", `Unexpected error. Reference: ${requestId}`);
}
