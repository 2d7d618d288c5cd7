// Browser protections for every response (issue 16, "Browser protections";
// docs/api-notes/hardening.md lists them). Pure functions: proxy.ts applies them.

export type SecurityHeaderInput = {
  pathname: string;
  /** The request reached us over https (directly or per X-Forwarded-Proto). */
  https: boolean;
  /** Per-request nonce for the pages' scripts. */
  nonce: string;
  development: boolean;
};

/** Pages: scripts only from our origin with this request's nonce ('strict-dynamic' lets Next's loader add its chunks). */
export function pageContentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // Styles come from our CSS files; React/Next set a few style attributes at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * JSON, XML and PDF answers are never a document that runs anything. No
 * `sandbox` directive: Chromium's PDF viewer refuses sandboxed documents, and
 * the DANFE is opened inline.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const PUBLIC_PATHS = [/^\/health(\/|$)/, /^\/v1\/openapi\.json$/, /^\/_next\/static\//];

/** Everything but the public, cacheable answers carries or may carry a company's data. */
export function isAuthenticatedPath(pathname: string): boolean {
  return !PUBLIC_PATHS.some((pattern) => pattern.test(pathname));
}

const isApiPath = (pathname: string) => /^\/(v1|api|health)(\/|$)/.test(pathname);

export function securityHeaders(input: SecurityHeaderInput): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": isApiPath(input.pathname) ? API_CONTENT_SECURITY_POLICY : pageContentSecurityPolicy(input.nonce, input.development),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  // Browsers ignore HSTS over http; sending it only over https keeps a plain-http dev setup reachable.
  if (input.https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  if (isAuthenticatedPath(input.pathname)) headers["Cache-Control"] = "no-store";
  return headers;
}

/**
 * A path Next cannot decode (invalid UTF-8 in a %-escape; Next would answer a
 * plain-text 500): why, or null when fine. NUL and surrogates that do decode
 * reach the route and are refused there naming the parameter (lib/api/check-input-text.ts).
 */
export function describeMalformedPath(rawPathname: string): string | null {
  try {
    decodeURIComponent(rawPathname);
    return null;
  } catch {
    return "the path is not valid percent-encoded UTF-8";
  }
}
