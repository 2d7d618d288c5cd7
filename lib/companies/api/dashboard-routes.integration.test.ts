import { describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/api/dashboard/companies/[companyId]/account-companies/route";
import { listTenantCompanies } from "@/lib/auth/session-companies";
import { randomCnpj } from "@/lib/br";
import { createTestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInUser } from "@/test/session";

process.env.NEXTAUTH_SECRET = "account-companies-dashboard-test-secret";

const body = (cnpj = randomCnpj()) => ({
  legalName: "Mercado Novo Ltda", cnpj, taxRegime: "SIMPLES_NACIONAL", environment: "HOMOLOGATION",
  stateRegistration: "110042490114", zipCode: "01310100", street: "Avenida Paulista", streetNumber: "900", neighborhood: "Bela Vista", city: "São Paulo", state: "SP", municipalityCode: "3550308",
});

describe("dashboard: Empresas da conta", () => {
  it("lets an ADMIN create a company of the session's tenant, which the company switcher lists at once", async () => {
    const current = await createTestCompany();
    const admin = await signedInUser(current.tenantId, "ADMIN");
    const at = { path: `/api/dashboard/companies/${current.companyId}/account-companies`, params: { companyId: current.companyId }, headers: { cookie: admin.cookie } };
    const created = await call(createRoute, { method: "POST", ...at, body: body() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ tenantId: current.tenantId, legalName: "Mercado Novo Ltda", city: "São Paulo" });
    expect((await listTenantCompanies(current.tenantId)).map((c) => c.id)).toContain(created.body.id);
    const list = await call(listRoute, at);
    expect(list.body.meta.total).toBe(2);

    const again = await call(createRoute, { method: "POST", ...at, body: body(created.body.cnpj) });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("company_exists");
    const invalid = await call(createRoute, { method: "POST", ...at, body: { ...body(), municipalityCode: "3304557" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain("municipalityCode");
  });

  it("refuses other roles", async () => {
    const current = await createTestCompany();
    const accountant = await signedInUser(current.tenantId, "ACCOUNTANT");
    const res = await call(createRoute, { method: "POST", path: `/api/dashboard/companies/${current.companyId}/account-companies`, params: { companyId: current.companyId }, headers: { cookie: accountant.cookie }, body: body() });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden_role");
  });
});
