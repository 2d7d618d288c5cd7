import { DomainError } from "@/lib/errors";

// Dashboard mutations ride on the session cookie, so a page of another site
// could trigger them (CSRF). Two checks, for every non-GET dashboard request:
// the browser says it comes from our own origin (Sec-Fetch-Site, or else the
// Origin header matches the Host the request was sent to), and a body, when
// there is one, is JSON — a cross-site <form> or a "simple" fetch can send
// text/plain or form encodings without a CORS preflight, never
// application/json. Requests with neither header are not from a browser
// (curl, tests): a cookie there is the caller's own and CSRF does not apply.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function requestHost(request: Request): string | null {
  return request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
}

function isSameOrigin(request: Request): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin";
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  try {
    return new URL(origin).host === requestHost(request);
  } catch {
    return false; // "null" (sandboxed frames, file://) or garbage
  }
}

// Whether the request carries bytes. Next hands route handlers a body stream even for a bodiless
// DELETE, so the framing headers decide: a length above 0, or a chunked body.
function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  if (length !== null) return Number(length) > 0;
  return request.headers.get("transfer-encoding") !== null;
}

/** Throws 403 cross_origin_request or 415 unsupported_media_type for a dashboard mutation that is not same-origin JSON. */
export function assertSameOriginJson(request: Request): void {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  if (!isSameOrigin(request)) {
    throw new DomainError(403, "cross_origin_request", "Dashboard changes are accepted only from the dashboard's own pages (Origin / Sec-Fetch-Site).");
  }
  const contentType = request.headers.get("content-type");
  const isJson = contentType !== null && /^application\/json\s*(;|$)/i.test(contentType.trim());
  if ((contentType !== null || hasBody(request)) && !isJson) {
    throw new DomainError(415, "unsupported_media_type", "Dashboard changes take a JSON body: send Content-Type: application/json.");
  }
}
