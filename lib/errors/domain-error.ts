import type { ErrorCode } from "./codes";

const STATUS_NAMES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  // nginx's convention for a request whose client went away before the answer.
  499: "Client Closed Request",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export function statusName(status: number): string {
  return STATUS_NAMES[status] ?? "Error";
}

/** The spec's error object (api.md, Errors → Error object). */
export type ErrorBody = { statusCode: number; error: string; message: string; code?: string };

/** A failure the caller can act on: it carries the HTTP status, the stable code and a human message. */
export class DomainError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** Extra headers, e.g. Retry-After on 429/503. */
  readonly headers: Record<string, string>;

  constructor(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = "DomainError";
    this.status = status;
    this.code = code;
    this.headers = headers;
  }

  toBody(): ErrorBody {
    return { statusCode: this.status, error: statusName(this.status), message: this.message, code: this.code };
  }
}

export const badRequest = (code: ErrorCode, message: string) => new DomainError(400, code, message);
export const notFound = (what: string) => new DomainError(404, "not_found", `${what} not found`);
export const conflict = (code: ErrorCode, message: string) => new DomainError(409, code, message);
export const unprocessable = (code: ErrorCode, message: string) => new DomainError(422, code, message);
export const validationError = (message: string) => new DomainError(400, "validation_error", message);
