import { describe, expect, it } from "vitest";
import { POST as revokeRoute } from "@/app/api/dashboard/companies/[companyId]/account-keys/[apiKeyId]/revoke/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/dashboard/companies/[companyId]/account-keys/route";
import { createTestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInUser } from "@/test/session";
import { authenticateApiKey } from "./api-keys";

process.env.NEXTAUTH_SECRET = "account-keys-dashboard-test-secret";

const path = (companyId: string) => `/api/dashboard/companies/${companyId}/account-keys`;

describe("dashboard: Chaves da conta", () => {
  it("lets an ADMIN create an account key (secret once), list it and revoke it; other roles are refused", async () => {
    const company = await createTestCompany();
    const admin = await signedInUser(company.tenantId, "ADMIN");
    const at = { path: path(company.companyId), params: { companyId: company.companyId } };
    const created = await call(createRoute, { method: "POST", ...at, headers: { cookie: admin.cookie }, body: { name: "Software house", scopes: ["companies:read", "companies:write", "documents:write"] } });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^fsa_[A-Za-z0-9_-]{43}$/);
    expect(await authenticateApiKey(`Bearer ${created.body.key}`)).toMatchObject({ kind: "account", tenantId: company.tenantId });

    const list = await call(listRoute, { ...at, headers: { cookie: admin.cookie } });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ id: created.body.id, createdBy: { email: admin.email, active: true } });
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);

    for (const role of ["ACCOUNTANT", "SUPPORT"] as const) {
      const user = await signedInUser(company.tenantId, role);
      const refused = await call(listRoute, { ...at, headers: { cookie: user.cookie } });
      expect(refused.status, role).toBe(403);
      expect(refused.body.code).toBe("forbidden_role");
    }
    // Another tenant's admin cannot revoke it, even through a company of their own.
    const stranger = await createTestCompany();
    const strangerAdmin = await signedInUser(stranger.tenantId, "ADMIN");
    const foreign = await call(revokeRoute, { method: "POST", path: `${path(stranger.companyId)}/${created.body.id}/revoke`, params: { companyId: stranger.companyId, apiKeyId: created.body.id }, headers: { cookie: strangerAdmin.cookie } });
    expect(foreign.status).toBe(404);

    const revoked = await call(revokeRoute, { method: "POST", path: `${path(company.companyId)}/${created.body.id}/revoke`, params: { companyId: company.companyId, apiKeyId: created.body.id }, headers: { cookie: admin.cookie } });
    expect(revoked.status).toBe(204);
    await expect(authenticateApiKey(`Bearer ${created.body.key}`)).rejects.toMatchObject({ status: 401 });
  });
});
