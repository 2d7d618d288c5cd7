import { beforeAll, describe, expect, it } from "vitest";
import * as taxRules from "@/app/api/dashboard/companies/[companyId]/tax-rules/route";
import * as templates from "@/app/api/dashboard/companies/[companyId]/templates/route";
import * as tenantTemplates from "@/app/api/dashboard/companies/[companyId]/tenant-templates/route";
import * as tenantTemplate from "@/app/api/dashboard/companies/[companyId]/tenant-templates/[id]/route";
import { createTestCompany, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";

// The dashboard's internal routes for registers: same schemas and rules as
// /v1, a session instead of an API key, roles for writes.
const SECRET = "resources-dashboard-test-secret";
process.env.NEXTAUTH_SECRET = SECRET;

const session = (tenantId: string, role: "ADMIN" | "ACCOUNTANT" | "SUPPORT") => signedInCookie(tenantId, role);

let company: TestCompany;
let sibling: TestCompany;
let stranger: TestCompany;
const base = (companyId: string, what: string) => `/api/dashboard/companies/${companyId}/${what}`;

beforeAll(async () => {
  company = await createTestCompany({ regime: "SIMPLES_NACIONAL" });
  sibling = await createTestCompany({ tenantId: company.tenantId });
  stranger = await createTestCompany();
});

describe("dashboard register routes", () => {
  it("create tax rules with the API's validation; SUPPORT may read but not write", async () => {
    const accountant = await session(company.tenantId, "ACCOUNTANT");
    const path = base(company.companyId, "tax-rules");
    const params = { companyId: company.companyId };
    const missingMva = await call(taxRules.POST, { method: "POST", path, params, headers: accountant, body: { name: "ST", model: "NFE", nfeTaxRules: [{ icmsCst: "201", icmsStModBc: 4, icmsStRate: 18, icmsSnCreditRate: 1 }] } });
    expect(missingMva.status).toBe(422);
    expect(missingMva.body.code).toBe("invalid_taxation");
    expect(missingMva.body.message).toContain("nfeTaxRules.0.icmsStMva");
    const created = await call(taxRules.POST, { method: "POST", path, params, headers: accountant, body: { name: "ST", model: "NFE", nfeTaxRules: [{ icmsCst: "201", icmsStModBc: 4, icmsStMva: 40, icmsStRate: 18, icmsSnCreditRate: 1 }] } });
    expect(created.status).toBe(201);
    const support = await session(company.tenantId, "SUPPORT");
    expect((await call(taxRules.POST, { method: "POST", path, params, headers: support, body: { name: "x", model: "NFE" } })).body.code).toBe("forbidden_role");
    const list = await call(taxRules.GET, { path, params, headers: support });
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([created.body.id]);
    // Another tenant's company does not exist for this session.
    expect((await call(taxRules.GET, { path: base(stranger.companyId, "tax-rules"), params: { companyId: stranger.companyId }, headers: support })).status).toBe(404);
  });

  it("tenant templates: only tenant ADMINs write them, and every company of the tenant sees them", async () => {
    const params = { companyId: company.companyId };
    const path = base(company.companyId, "tenant-templates");
    const accountant = await session(company.tenantId, "ACCOUNTANT");
    const refused = await call(tenantTemplates.POST, { method: "POST", path, params, headers: accountant, body: { name: "Office sale", type: "NFE", cfop: "5102" } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("forbidden_role");

    const admin = await session(company.tenantId, "ADMIN");
    const created = await call(tenantTemplates.POST, { method: "POST", path, params, headers: admin, body: { name: "Office sale", type: "NFE", cfop: "5102" } });
    expect(created.status).toBe(201);
    expect(created.body.source).toBe("tenant");
    const siblingList = await call(templates.GET, { path: base(sibling.companyId, "templates"), params: { companyId: sibling.companyId }, headers: accountant });
    expect(siblingList.body.data.find((t: { id: string }) => t.id === created.body.id)).toMatchObject({ source: "tenant", name: "Office sale" });

    const updated = await call(tenantTemplate.PATCH, { method: "PATCH", path: `${path}/${created.body.id}`, params: { ...params, id: created.body.id }, headers: admin, body: { cfop: "5405" } });
    expect(updated.body.cfop).toBe("5405");
    const strangerAdmin = await session(stranger.tenantId, "ADMIN");
    const foreign = await call(tenantTemplate.PATCH, { method: "PATCH", path: `${base(stranger.companyId, "tenant-templates")}/${created.body.id}`, params: { companyId: stranger.companyId, id: created.body.id }, headers: strangerAdmin, body: { name: "x" } });
    expect(foreign.status).toBe(404);
    expect((await call(tenantTemplate.DELETE, { method: "DELETE", path: `${path}/${created.body.id}`, params: { ...params, id: created.body.id }, headers: admin })).status).toBe(204);
  });
});
