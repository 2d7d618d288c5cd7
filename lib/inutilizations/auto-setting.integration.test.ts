import { beforeAll, describe, expect, it } from "vitest";
import { PUT as setRoute } from "@/app/api/dashboard/companies/[companyId]/numbering/auto-inutilization/route";
import { listCompanySeries } from "@/lib/companies/api/company-series";
import { createTestCompany, db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";

// The numbering page's switch (issue 56 item 5): off by default, per model and series, in the
// company's environment; the account API's series resource shows it.

process.env.NEXTAUTH_SECRET = "auto-setting-secret";

let company: TestCompany;
let accountant: { cookie: string };

beforeAll(async () => {
  company = await createTestCompany();
  accountant = await signedInCookie(company.tenantId, "ACCOUNTANT");
});

const put = (body: unknown) =>
  call(setRoute, { method: "PUT", path: `/api/dashboard/companies/${company.companyId}/numbering/auto-inutilization`, params: { companyId: company.companyId }, headers: accountant, body });

describe("PUT /api/dashboard/companies/{companyId}/numbering/auto-inutilization", () => {
  it("turns a series on and off (off by default), creating the counter of a series never numbered", async () => {
    expect((await listCompanySeries(company.companyId)).data.every((s) => s.autoInutilize === false)).toBe(true);
    const on = await put({ model: "65", series: 3, autoInutilize: true });
    expect(on.status, on.text).toBe(200);
    expect(on.body).toEqual({ model: "65", series: 3, autoInutilize: true, environment: "HOMOLOGATION" });
    expect(await db.numberingSeries.findFirstOrThrow({ where: { companyId: company.companyId, model: 65, series: 3 } })).toMatchObject({ nextNumber: 1, autoInutilize: true });
    expect((await listCompanySeries(company.companyId)).data.find((s) => s.type === "NFCE" && s.series === 3)).toMatchObject({ autoInutilize: true });
    expect((await put({ model: "65", series: 3, autoInutilize: false })).body.autoInutilize).toBe(false);
    expect(await db.numberingSeries.findFirstOrThrow({ where: { companyId: company.companyId, model: 65, series: 3 } })).toMatchObject({ autoInutilize: false });
  });

  it("refuses an NFS-e model or a series out of range with 400", async () => {
    expect((await put({ model: "99", series: 1, autoInutilize: true })).status).toBe(400);
    expect((await put({ model: "55", series: 1000, autoInutilize: true })).status).toBe(400);
  });
});
