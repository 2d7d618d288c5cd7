// Browser-side fetch for the app's JSON routes: non-2xx answers throw an
// ApiError carrying the spec's error object, so forms can show it inline.

export type ApiErrorBody = { statusCode: number; error: string; message: string; code?: string };

export class ApiError extends Error implements ApiErrorBody {
  readonly statusCode: number;
  readonly error: string;
  readonly code?: string;
  /** A 429's or 503's Retry-After in seconds (RFC 9110 §10.2.3, delay-seconds form), when the answer had one. */
  readonly retryAfterSeconds?: number;

  constructor(body: ApiErrorBody, retryAfterSeconds?: number) {
    super(body.message);
    this.name = "ApiError";
    this.statusCode = body.statusCode;
    this.error = body.error;
    this.code = body.code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get("retry-after");
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === "object" && value !== null && typeof (value as ApiErrorBody).message === "string" && typeof (value as ApiErrorBody).statusCode === "number";
}

export type ApiFetchOptions = Omit<RequestInit, "body"> & { body?: unknown };

export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { body, headers, ...init } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { accept: "application/json", ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError({ statusCode: 0, error: "Network Error", message: "Could not reach the server. Check your connection and try again." });
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  if (!response.ok) {
    throw new ApiError(isErrorBody(parsed) ? parsed : { statusCode: response.status, error: response.statusText || "Error", message: `Request failed with status ${response.status}` }, retryAfterOf(response));
  }
  return parsed as T;
}

/** A route that answers a file (a PDF preview) on success and the error object otherwise. */
export async function apiFetchBlob(path: string, options: ApiFetchOptions = {}): Promise<Blob> {
  const { body, headers, ...init } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError({ statusCode: 0, error: "Network Error", message: "Could not reach the server. Check your connection and try again." });
  }
  if (response.ok) return response.blob();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(await response.text());
  } catch {
    parsed = undefined;
  }
  throw new ApiError(isErrorBody(parsed) ? parsed : { statusCode: response.status, error: response.statusText || "Error", message: `Request failed with status ${response.status}` }, retryAfterOf(response));
}

/** The message to show for anything a query or mutation threw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return "Something went wrong.";
}
