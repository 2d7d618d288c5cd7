import { NextResponse, type NextRequest } from "next/server";
import { disallowedMethod } from "@/openapi/allowed-methods";
import { describeMalformedPath, securityHeaders } from "@/lib/api/security-headers";

// Runs before every route but /v1 (Next 16's "proxy", formerly middleware): refuses
// paths Next cannot decode and methods a route does not take (405 with Allow)
// with the JSON error object, gives each page request
// a CSP nonce (Next applies it to its own scripts when it finds it in the
// request's Content-Security-Policy header), and adds the browser protections
// of lib/api/security-headers.ts to every answer. /v1 gets the same headers and
// refusals from openapi/api-request-guard.ts on the raw request (installed by
// instrumentation.ts), without Next's proxy machinery: 0.3–0.6 ms of CPU per
// request there (bench:api). The matcher's /v1 test must stay within that
// guard's (isApiRequestPath: as sent or decoded, any case).

function malformedPathResponse(message: string, headers: Record<string, string>): NextResponse {
  return NextResponse.json({ statusCode: 400, error: "Bad Request", message, code: "validation_error" }, { status: 400, headers });
}

function methodNotAllowedResponse(method: string, pathname: string, allowed: string[], headers: Record<string, string>): NextResponse {
  const message = `${method} is not allowed on ${pathname}; allowed: ${allowed.join(", ")}`;
  return NextResponse.json({ statusCode: 405, error: "Method Not Allowed", message, code: "method_not_allowed" }, { status: 405, headers: { ...headers, Allow: allowed.join(", ") } });
}

export function proxy(request: NextRequest): NextResponse {
  const rawPathname = new URL(request.url).pathname;
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const https = request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
  const headers = securityHeaders({ pathname: rawPathname, https, nonce, development: process.env.NODE_ENV === "development" });

  const malformed = describeMalformedPath(rawPathname);
  if (malformed) return malformedPathResponse(`path: ${malformed}`, headers);
  const allowed = disallowedMethod(rawPathname, request.method);
  if (allowed) return methodNotAllowedResponse(request.method, rawPathname, allowed, headers);

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Not the immutable build assets (they carry no data and need no nonce), nor /v1 (see above).
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico|v1(?:/|$)).*)" }],
};
