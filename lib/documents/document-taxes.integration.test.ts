import { describe, expect, it } from "vitest";
import { GET as getDetail } from "@/app/v1/fiscal-documents/[id]/route";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { configureCompanyDefaults, item, makeClient, makeNfeRule, makeNfseRule, makeProduct, makeTemplate } from "./testing/fixtures";

const post = (key: string, body: unknown) => call(create, { method: "POST", path: "/v1/fiscal-documents", key, body });
const detail = (key: string, id: string) => call(getDetail, { path: `/v1/fiscal-documents/${id}`, key, params: { id } });

describe("taxes resolved and stored at creation", () => {
  it("resolves five lines from five levels and stores sources, amounts and totals", async () => {
    const c = await createTestCompany();
    await configureCompanyDefaults(c.companyId, { defaultIcmsRate: "4", defaultPisRate: "0.65", defaultCofinsRate: "3", cbsRate: "0.9", ibsStateRate: "0.1", ibsMunicipalRate: "0" });
    // Recipient in RJ, contributor: interstate.
    const client = await makeClient(c.companyId, { state: "RJ", municipalityCode: "3304557", icmsTaxpayer: "CONTRIBUINTE", stateRegistration: "99999993" });
    const rule = await makeNfeRule(c.companyId, [
      { states: ["MG"], icmsCst: "00", icmsPIcms: "99" },
      { states: ["RJ"], clientTypes: ["CONTRIBUINTE"], cfops: ["5949"], icmsCst: "00", icmsPIcms: "77" },
      { states: ["RJ"], clientTypes: ["CONTRIBUINTE"], icmsCst: "20", icmsPIcms: "12", icmsRedBc: "41.67" },
    ]);
    const productWithRule = await makeProduct(c.companyId, { taxRuleId: rule.id, ncm: "22021000", interstateContributorCfop: "6102" });
    const product = await makeProduct(c.companyId, { ncm: "22021000", internalCfop: "5102", interstateContributorCfop: "6102", icmsCst: "00", icmsRate: "12", cest: "0300700" });
    const template = await makeTemplate({ source: "COMPANY", companyId: c.companyId, icmsCst: "00", icmsRate: "7" });
    const res = await post(c.key, {
      type: "NFE",
      clientId: client.id,
      templateId: template.id,
      items: [
        item({ code: "L1", icmsSituation: "00", icmsRate: 12, ncm: "10063021", cfop: "6101" }),
        item({ code: "L2", productId: productWithRule.id }),
        item({ code: "L3", productId: product.id }),
        item({ code: "L4", cfop: "6102" }),
        item({ code: "L5", cfop: "6102", taxRuleId: rule.id, ibsCbs: { cst: "410", cClassTrib: "410001" } }),
      ],
    });
    expect(res.status).toBe(201);
    // L4 has no rule and no product: the template's ICMS (7 %) wins over the company's 4 %. L5 names the rule and matches its RJ sub-rule.
    const d = await detail(c.key, res.body.id);
    const items = d.body.items as any[];
    expect(items.map((i) => i.cfop)).toEqual(["6101", "6102", "6102", "6102", "6102"]);
    // L1 12 % of 100 = 12.00 (the SP → RJ ceiling; more is refused, see sefaz-rules tests); L2 rule CST 20: 100 × 0.5833 = 58.33 × 12 % = 6.9996 → 7.00; L3 product 12 %; L4 template 7 %; L5 rule CST 20 again.
    expect(items.map((i) => i.icms.amount)).toEqual(["12.00", "7.00", "12.00", "7.00", "7.00"]);
    expect(items.map((i) => i.taxSources["icms.rate"])).toEqual(["item", "rule", "product", "template", "rule"]);
    expect(items.map((i) => i.taxSources.ncm)).toEqual(["item", "product", "product", "company", "company"]);
    expect(items.map((i) => i.taxSources.cfop)).toEqual(["item", "product", "product", "item", "item"]);
    expect(items[2].cest).toBe("0300700");
    expect(items[2].taxSources.cest).toBe("product");
    expect(items.every((i) => i.taxSources["pis.rate"] === "company")).toBe(true);
    expect(items[0].pis).toEqual({ cst: "01", base: "100.00", rate: "0.6500", amount: "0.65" });
    // IBS/CBS: four lines at 0.9 % / 0.1 %; L5 declares CST 410 (no amounts → null, never zeros).
    expect(items[0].ibsCbs.amounts).toMatchObject({ base: "100.00", cbsAmount: "0.90", ibsStateAmount: "0.10", ibsMunicipalAmount: "0.00", ibsAmount: "0.10" });
    expect(items[4].ibsCbs).toMatchObject({ cst: "410", cClassTrib: "410001", amounts: null });
    // In 2026 the law fixes the rates (LC 214/2025 arts. 343, 346): they come from lib/tax/data/reform-rates.ts, not the company.
    expect(items[0].taxSources["ibsCbs.cbsRate"]).toBe("default");
    const sumOf = (field: string) => items.reduce((acc, i) => acc + (i.ibsCbs.amounts ? Math.round(Number(i.ibsCbs.amounts[field]) * 100) : 0), 0) / 100;
    expect(d.body.taxTotals.rtcCbsTotal).toBe(sumOf("cbsAmount").toFixed(2));
    expect(d.body.taxTotals.rtcIbsTotal).toBe(sumOf("ibsAmount").toFixed(2));
    expect(d.body.taxTotals).toMatchObject({ rtcCbsTotal: "3.60", rtcIbsTotal: "0.40", icmsTot: { vICMS: "45.00", vProd: "500.00", vNF: "500.00", vPIS: "3.25", vCOFINS: "15.00" } });
    expect(d.body.taxTotals.ibsCbsTot).toMatchObject({ vBCIBSCBS: "400.00", gCBS: { vCBS: "3.60" } });
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored.totalValue.toFixed(2)).toBe("500.00");
  });

  it("computes ST with MVA and base reduction, and the Simples credit, from item parameters", async () => {
    const c = await createTestCompany({ regime: "SIMPLES_NACIONAL" });
    await db.company.update({ where: { id: c.companyId }, data: { defaultNcm: "22021000", defaultCfop: "5405" } });
    const client = await makeClient(c.companyId, { icmsTaxpayer: "CONTRIBUINTE" });
    const res = await post(c.key, {
      type: "NFE",
      clientId: client.id,
      items: [item({ quantity: 10, unitValue: 50, cest: "0300700", icmsSituation: "201", icmsSnCreditRate: "1.25", icmsRate: 12, icmsStModBc: 4, icmsStMva: 35, icmsStRedBc: 10, icmsStRate: 18 })],
    });
    expect(res.status).toBe(201);
    const line = (await detail(c.key, res.body.id)).body.items[0];
    // credit 1.25 % of 500 = 6.25; vBCST = 500 × 1.35 × 0.90 = 607.50; 18 % = 109.35; minus own 12 % of 500 = 60.00 → 49.35
    expect(line.icms).toMatchObject({ table: "CSOSN", cst: "201", simplesCredit: { rate: "1.2500", amount: "6.25" } });
    expect(line.icms.st).toEqual({ modBc: "4", mva: "35.0000", baseReduction: "10.0000", base: "607.50", rate: "18.0000", amount: "49.35" });
    // Simples: IBS/CBS lines without amounts; PIS/COFINS default CST 49.
    expect(line.ibsCbs.amounts).toBeNull();
    expect(line.pis).toMatchObject({ cst: "49" });
    expect(line.taxSources["pis.cst"]).toBe("default");
    expect(res.body.totalValue).toBe("549.35");
  });

  it("computes ISS from an NFSE rule for a service document", async () => {
    const c = await createTestCompany();
    const client = await makeClient(c.companyId);
    const rule = await makeNfseRule(c.companyId);
    const res = await post(c.key, { type: "NFSE", clientId: client.id, taxRuleId: rule.id, items: [item({ unitValue: 1234.56, serviceCode: "0107" })] });
    expect(res.status).toBe(201);
    const d = (await detail(c.key, res.body.id)).body;
    // 1234.56 × 5 % = 61.728 → 61.73; CBS 0.9 % = 11.11104 → 11.11
    expect(d.items[0]).toMatchObject({ icms: null, ipi: null, iss: { base: "1234.56", rate: "5.0000", amount: "61.73", retained: false }, serviceCode: "0107" });
    expect(d.items[0].ibsCbs.amounts.cbsAmount).toBe("11.11");
    expect(d.taxTotals.issTotal).toBe("61.73");
    expect(d.totalValue).toBe("1234.56");
  });
});
