import { beforeAll, describe, expect, it } from "vitest";
import { POST as revokeRoute } from "@/app/api/dashboard/companies/[companyId]/api-keys/[apiKeyId]/revoke/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/dashboard/companies/[companyId]/api-keys/route";
import { authenticateApiKey } from "@/lib/auth/api-keys";
import { authorizeCredentials } from "@/lib/auth/session";
import { createUser } from "@/lib/users/create-user";
import { createTestCompany, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { sessionCookieOf, signedInCookie } from "@/test/session";

process.env.NEXTAUTH_SECRET = "handle-session-test-secret";

let company: TestCompany;
let sibling: TestCompany;
let stranger: TestCompany;
let admin: Record<string, string>;
let support: Record<string, string>;
const path = (companyId: string) => `/api/dashboard/companies/${companyId}/api-keys`;

beforeAll(async () => {
  company = await createTestCompany();
  sibling = await createTestCompany({ tenantId: company.tenantId });
  stranger = await createTestCompany();
  const email = `admin-${company.companyId}@example.com`;
  const user = await createUser({ email, password: "correct horse battery", tenantId: company.tenantId, role: "ADMIN" });
  // Another cookie first: the session is found among the browser's other cookies.
  admin = { cookie: `other=1; ${(await sessionCookieOf({ userId: user.id, tenantId: company.tenantId, role: "ADMIN" })).cookie}` };
  support = await signedInCookie(company.tenantId, "SUPPORT");
});

describe("handleSession", () => {
  it("answers 401 session_required without a valid session cookie, even with an API key", async () => {
    const attempts: Record<string, string>[] = [{}, { cookie: "next-auth.session-token=not-a-jwt" }, { authorization: `Bearer ${company.key}` }];
    for (const headers of attempts) {
      const res = await call(listRoute, { path: path(company.companyId), params: { companyId: company.companyId }, headers });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: "Unauthorized", code: "session_required" });
    }
  });

  it("treats another tenant's company as not found", async () => {
    const res = await call(listRoute, { path: path(stranger.companyId), params: { companyId: stranger.companyId }, headers: admin });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });

  it("refuses a role that is not allowed with 403 forbidden_role, and lets every role list", async () => {
    const create = await call(createRoute, { method: "POST", path: path(company.companyId), params: { companyId: company.companyId }, headers: support, body: { name: "x", scopes: ["clients:read"] } });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({ statusCode: 403, code: "forbidden_role" });
    const list = await call(listRoute, { path: path(company.companyId), params: { companyId: company.companyId }, headers: support });
    expect(list.status).toBe(200);
    expect(list.body.data.map((k: { id: string }) => k.id)).toContain(company.apiKeyId);
  });

  it("parses bodies like /v1 routes: field paths, malformed JSON, companyId refused", async () => {
    const base = { method: "POST", path: path(company.companyId), params: { companyId: company.companyId }, headers: admin };
    const badScope = await call(createRoute, { ...base, body: { name: "k", scopes: ["everything"] } });
    expect(badScope.status).toBe(400);
    expect(badScope.body.code).toBe("validation_error");
    expect(badScope.body.message).toContain("body.scopes.0");
    const noScopes = await call(createRoute, { ...base, body: { name: "k", scopes: [] } });
    expect(noScopes.body.message).toContain("choose at least one scope");
    const malformed = await call(createRoute, { ...base, rawBody: "{ nope" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("malformed_json");
    for (const body of [null, 42, "text", [], { name: 1e309, scopes: "clients:read" }, { name: "x".repeat(10_000), scopes: ["clients:read"] }, { name: "\u0000\ud83d", scopes: [1e20] }]) {
      const res = await call(createRoute, { ...base, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
    const empty = await call(createRoute, { ...base, rawBody: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain("body");
    const unicode = await call(createRoute, { ...base, body: { name: "Integração ERP 🚀", scopes: ["clients:read"] } });
    expect(unicode.status).toBe(201);
    expect(unicode.body.name).toBe("Integração ERP 🚀");
    const withCompany = await call(createRoute, { ...base, body: { name: "k", scopes: ["clients:read"], companyId: stranger.companyId } });
    expect(withCompany.status).toBe(400);
    expect(withCompany.body.code).toBe("validation_error");
  });

  it("creates a key that authenticates, lists it without the secret, and revokes it at once", async () => {
    const created = await call(createRoute, { method: "POST", path: path(company.companyId), params: { companyId: company.companyId }, headers: admin, body: { name: " ERP ", scopes: ["clients:read", "clients:read", "documents:read"] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "ERP", scopes: ["clients:read", "documents:read"] });
    expect(created.body.key).toMatch(/^fsk_[A-Za-z0-9_-]{43}$/);
    expect(created.body.key.startsWith(created.body.prefix)).toBe(true);
    const principal = await authenticateApiKey(`Bearer ${created.body.key}`);
    expect(principal).toMatchObject({ companyId: company.companyId, scopes: ["clients:read", "documents:read"] });

    const list = await call(listRoute, { path: path(company.companyId), params: { companyId: company.companyId }, headers: admin });
    const listed = list.body.data.find((k: { id: string }) => k.id === created.body.id);
    expect(listed).toMatchObject({ name: "ERP", prefix: created.body.prefix, revokedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);

    // A sibling company of the same tenant cannot revoke it through its own URL.
    const wrongCompany = await call(revokeRoute, { method: "POST", path: `${path(sibling.companyId)}/${created.body.id}/revoke`, params: { companyId: sibling.companyId, apiKeyId: created.body.id }, headers: admin });
    expect(wrongCompany.status).toBe(404);

    const revoked = await call(revokeRoute, { method: "POST", path: `${path(company.companyId)}/${created.body.id}/revoke`, params: { companyId: company.companyId, apiKeyId: created.body.id }, headers: admin });
    expect(revoked.status).toBe(204);
    await expect(authenticateApiKey(`Bearer ${created.body.key}`)).rejects.toMatchObject({ status: 401, code: "invalid_api_key" });
    const after = await call(listRoute, { path: path(company.companyId), params: { companyId: company.companyId }, headers: admin });
    expect(after.body.data.find((k: { id: string }) => k.id === created.body.id).revokedAt).not.toBeNull();
  });
});

describe("authorizeCredentials", () => {
  it("accepts the right password and refuses a wrong one or an unknown email", async () => {
    const email = `admin-${company.companyId}@example.com`;
    expect(await authorizeCredentials({ email: email.toUpperCase(), password: "correct horse battery" })).toMatchObject({ tenantId: company.tenantId, role: "ADMIN" });
    expect(await authorizeCredentials({ email, password: "wrong password" })).toBeNull();
    expect(await authorizeCredentials({ email: "nobody@example.com", password: "correct horse battery" })).toBeNull();
    expect(await authorizeCredentials({ email: "not an email" })).toBeNull();
  });
});
