import { beforeAll, describe, expect, it } from "vitest";
import { GET as formOptions } from "@/app/api/dashboard/companies/[companyId]/documents/form-options/route";
import { GET as list, POST as create } from "@/app/api/dashboard/companies/[companyId]/documents/route";
import { createTestCompany, db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import { configureCompanyDefaults, item, makeClient, makeProduct } from "./testing/fixtures";

const SECRET = "documents-dashboard-test-secret";
process.env.NEXTAUTH_SECRET = SECRET;

const cookie = (tenantId: string, role: "ADMIN" | "ACCOUNTANT" | "SUPPORT") => signedInCookie(tenantId, role);

let company: TestCompany;
let admin: Record<string, string>;
const path = (companyId: string, suffix = "") => `/api/dashboard/companies/${companyId}/documents${suffix}`;

beforeAll(async () => {
  company = await createTestCompany({ environment: "PRODUCTION" });
  await configureCompanyDefaults(company.companyId);
  admin = await cookie(company.tenantId, "ADMIN");
});

describe("dashboard document routes", () => {
  it("create a draft, then filter the list by client and issue date (both environments by default)", async () => {
    const alice = await makeClient(company.companyId, { name: "Alice Comércio" });
    const bob = await makeClient(company.companyId, { name: "Bob Atacado" });
    const params = { companyId: company.companyId };
    for (const [clientId, issueDateTime] of [[alice.id, "2026-10-05T12:00:00-03:00"], [bob.id, "2026-11-10T23:30:00-03:00"]] as const) {
      const res = await call(create, { method: "POST", path: path(company.companyId), params, headers: admin, body: { type: "NFE", clientId, issueDateTime, items: [item()] } });
      expect(res.status).toBe(201);
    }
    await db.company.update({ where: { id: company.companyId }, data: { environment: "HOMOLOGATION" } });
    await call(create, { method: "POST", path: path(company.companyId), params, headers: admin, body: { type: "NFE", clientId: alice.id, items: [item()] } });

    const all = await call(list, { path: path(company.companyId), params, headers: admin });
    expect(all.body.meta.total).toBe(3);
    const byClient = await call(list, { path: path(company.companyId, `?clientId=${bob.id}`), params, headers: admin });
    expect(byClient.body.data.map((d: any) => d.client.name)).toEqual(["Bob Atacado"]);
    // 23:30 in Brasília on 2026-11-10 is 02:30 UTC on the 11th: still the 10th for the filter.
    const byDate = await call(list, { path: path(company.companyId, "?from=2026-11-10&to=2026-11-10"), params, headers: admin });
    expect(byDate.body.data.map((d: any) => d.client.name)).toEqual(["Bob Atacado"]);
    const october = await call(list, { path: path(company.companyId, "?from=2026-10-01&to=2026-10-31"), params, headers: admin });
    expect(october.body.data.map((d: any) => d.client.name)).toEqual(["Alice Comércio"]);
  });

  it("lets SUPPORT read but not create; another tenant's company is 404; form options are the company's", async () => {
    const support = await cookie(company.tenantId, "SUPPORT");
    const params = { companyId: company.companyId };
    const denied = await call(create, { method: "POST", path: path(company.companyId), params, headers: support, body: { type: "NFE", client: { name: "X" }, items: [item()] } });
    expect(denied.status).toBe(403);
    expect((await call(list, { path: path(company.companyId), params, headers: support })).status).toBe(200);
    const stranger = await createTestCompany();
    await makeProduct(stranger.companyId, { name: "Alheio" });
    expect((await call(list, { path: path(stranger.companyId), params: { companyId: stranger.companyId }, headers: admin })).status).toBe(404);
    await makeProduct(company.companyId, { name: "Próprio", code: "OWN-1" });
    const options = await call(formOptions, { path: path(company.companyId, "/form-options"), params, headers: admin });
    expect(options.status).toBe(200);
    expect(options.body.products.map((p: any) => p.name)).toEqual(["Próprio"]);
  });
});
