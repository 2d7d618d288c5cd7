import { describe, expect, it } from "vitest";
import { disallowedMethod } from "@/openapi/allowed-methods";
import { describeMalformedPath, isAuthenticatedPath, securityHeaders } from "./security-headers";

describe("security headers", () => {
  const base = { nonce: "bm9uY2U=", https: false, development: false };

  it("gives pages a nonce-based CSP that forbids framing, and APIs a CSP that runs nothing", () => {
    const page = securityHeaders({ ...base, pathname: "/dashboard/c/x/documents" });
    expect(page["Content-Security-Policy"]).toContain("script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic'");
    expect(page["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(page["Content-Security-Policy"]).not.toContain("unsafe-eval");
    expect(securityHeaders({ ...base, development: true, pathname: "/signin" })["Content-Security-Policy"]).toContain("'unsafe-eval'");
    const api = securityHeaders({ ...base, pathname: "/v1/clients" });
    expect(api["Content-Security-Policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const headers of [page, api]) {
      expect(headers).toMatchObject({ "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin" });
    }
  });

  it("sends HSTS only over https and no-store on everything but the public answers", () => {
    expect(securityHeaders({ ...base, pathname: "/v1/clients" })["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders({ ...base, https: true, pathname: "/v1/clients" })["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
    for (const path of ["/v1/clients", "/api/dashboard/companies/x/settings", "/dashboard", "/signin", "/api/auth/session"]) {
      expect(isAuthenticatedPath(path), path).toBe(true);
      expect(securityHeaders({ ...base, pathname: path })["Cache-Control"]).toBe("no-store");
    }
    for (const path of ["/health", "/health/ready", "/v1/openapi.json"]) expect(isAuthenticatedPath(path), path).toBe(false);
  });

  it("recognises paths Next cannot decode", () => {
    expect(describeMalformedPath("/v1/clients/%ED%A0%80")).toContain("not valid percent-encoded UTF-8");
    expect(describeMalformedPath("/v1/clients/%E0%A4%A")).not.toBeNull();
    expect(describeMalformedPath("/v1/clients/%C3%A9")).toBeNull();
    expect(describeMalformedPath("/v1/clients/%00")).toBeNull(); // decodes; the route names params.id
  });
});

describe("allowed methods (from the contract registry)", () => {
  it("lists the methods of a known path whose method is not accepted", () => {
    expect(disallowedMethod("/v1/clients", "PUT")).toEqual(["GET", "HEAD", "OPTIONS", "POST"]);
    expect(disallowedMethod("/v1/clients/abc", "POST")).toEqual(expect.arrayContaining(["DELETE", "GET", "PATCH"]));
    expect(disallowedMethod("/v1/clients", "GET")).toBeNull();
    expect(disallowedMethod("/v1/fiscal-documents/abc/cancel", "POST")).toBeNull();
    expect(disallowedMethod("/v1/no-such-thing", "PUT")).toBeNull(); // the catch-all answers 404
  });
});
