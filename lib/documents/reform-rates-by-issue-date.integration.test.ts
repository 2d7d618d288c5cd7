import { beforeAll, describe, expect, it } from "vitest";
import { POST as preview } from "@/app/api/dashboard/companies/[companyId]/documents/preview/route";
import { createTestCompany, db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import { configureCompanyDefaults, item } from "./testing/fixtures";

process.env.NEXTAUTH_SECRET = "documents-reform-rates-test-secret";

// Issue 48 item 6: the reform's rates and rules by the document's issue date (dhEmi in the
// company's time zone), lib/tax/data/reform-rates.ts. The same sale previewed on both sides of
// 01/01/2027 carries 2026's treatment (LC 214/2025 arts. 343, 346; PIS/COFINS in force) and
// 2027's (art. 344; CBS at the company's dated rate, the Senate's reference rate not being law yet;
// PIS/COFINS extinct, CST 08).

const inline = { name: "Cliente Virada Ltda", document: "06929383000163", street: "Rua A", number: "1", neighborhood: "Centro", city: "Campinas", state: "SP", municipalityCode: "3509502", zipCode: "13010000" };

async function companyIn(state: "SP" | "AM", municipalityCode: string, rates: Record<string, string | null>) {
  const company = await createTestCompany({ environment: "HOMOLOGATION", state, municipalityCode });
  await configureCompanyDefaults(company.companyId, { defaultIbsCbsCst: "000", defaultCClassTrib: "000001", ...rates });
  return company;
}

async function previewAt(company: TestCompany, issueDateTime: string) {
  const headers = await signedInCookie(company.tenantId, "ADMIN");
  const body = { type: "NFE", client: inline, issueDateTime, items: [item({ quantity: 2, unitValue: 500 })] };
  return call(preview, { method: "POST", path: `/api/dashboard/companies/${company.companyId}/documents/preview`, params: { companyId: company.companyId }, headers, body });
}

const treatment2026 = { ibsStateRate: "0.1000", ibsMunicipalRate: "0.0000", cbsRate: "0.9000", ibsStateAmount: "1.00", ibsMunicipalAmount: "0.00", cbsAmount: "9.00" };
const treatment2027 = { ibsStateRate: "0.0500", ibsMunicipalRate: "0.0500", cbsRate: "8.7000", ibsStateAmount: "0.50", ibsMunicipalAmount: "0.50", cbsAmount: "87.00" };

describe("reform rates by issue date (preview)", () => {
  let sp: TestCompany;
  let am: TestCompany;
  beforeAll(async () => {
    // The company's CBS for 2027 (a Senate resolution's rate, here 8.7 %) from 01/01/2027; its stale
    // 2026 IBS figures are overridden by the law wherever the law fixes the rate.
    const dated = { cbsRate: "8.7", ibsStateRate: "0.1", ibsMunicipalRate: "0", ibsCbsRatesValidFrom: "2027-01-01" };
    sp = await companyIn("SP", "3550308", dated);
    am = await companyIn("AM", "1302603", dated);
  });

  it("23:59 on 31/12/2026 in São Paulo carries 2026's rates and PIS/COFINS; 00:00 on 01/01/2027 carries 2027's", async () => {
    const before = await previewAt(sp, "2026-12-31T23:59:00-03:00");
    const after = await previewAt(sp, "2027-01-01T00:00:00-03:00");
    expect(before.status).toBe(200);
    expect(after.status).toBe(200);
    const [line2026] = before.body.items;
    const [line2027] = after.body.items;
    expect(line2026.ibsCbs.amounts).toMatchObject(treatment2026);
    expect(line2026.taxSources["ibsCbs.cbsRate"]).toBe("default");
    expect(line2026.pis).toMatchObject({ cst: "01", rate: "1.6500", amount: "16.50" });
    expect(line2026.cofins).toMatchObject({ cst: "01", amount: "76.00" });

    expect(line2027.ibsCbs.amounts).toMatchObject(treatment2027);
    expect(line2027.taxSources["ibsCbs.cbsRate"]).toBe("company");
    expect(line2027.taxSources["ibsCbs.ibsStateRate"]).toBe("default");
    // PIS/COFINS extinct from 2027 (ADCT art. 126 II): CST 08, no amounts, whatever the company default says.
    expect(line2027.pis).toEqual({ cst: "08", base: null, rate: null, amount: null });
    expect(line2027.cofins).toEqual({ cst: "08", base: null, rate: null, amount: null });
    expect(before.body.taxTotals.ibsCbsTot).toBeDefined();
  });

  it("takes the boundary in the company's own zone: Manaus (UTC−4) is still in 2026 when São Paulo is in 2027", async () => {
    // 03:30 UTC on 01/01/2027 is 00:30 in São Paulo but 23:30 on 31/12/2026 in Manaus.
    const lateInManaus = await previewAt(am, "2027-01-01T03:30:00Z");
    expect(lateInManaus.status).toBe(200);
    expect(lateInManaus.body.items[0].ibsCbs.amounts).toMatchObject(treatment2026);
    const sameInstantInSaoPaulo = await previewAt(sp, "2027-01-01T03:30:00Z");
    expect(sameInstantInSaoPaulo.body.items[0].ibsCbs.amounts).toMatchObject(treatment2027);
    const midnightInManaus = await previewAt(am, "2027-01-01T00:00:00-04:00");
    expect(midnightInManaus.body.items[0].ibsCbs.amounts).toMatchObject(treatment2027);
  });

  it("refuses a 2027 sale while the company has no CBS rate dated for it, naming the field to set", async () => {
    const undated = await companyIn("SP", "3550308", { cbsRate: "0.9", ibsStateRate: "0.1", ibsMunicipalRate: "0", ibsCbsRatesValidFrom: null });
    const res2027 = await previewAt(undated, "2027-01-04T10:00:00-03:00");
    expect(res2027.status).toBe(422);
    expect(res2027.body.code).toBe("invalid_taxation");
    expect(res2027.body.message).toContain("cbsRate");
    expect(res2027.body.message).toContain("ibsCbsRatesValidFrom");
    // In 2026 the law fixes every rate: the same company previews as before.
    const res2026 = await previewAt(undated, "2026-12-10T10:00:00-03:00");
    expect(res2026.status).toBe(200);
    expect(res2026.body.items[0].ibsCbs.amounts).toMatchObject(treatment2026);
    expect(await db.fiscalDocument.count({ where: { companyId: undated.companyId } })).toBe(0);
  });
});
