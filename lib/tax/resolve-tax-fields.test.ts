import { describe, expect, it } from "vitest";
import { productCfopFor } from "./cfop";
import { computeItemTaxes, usedSources } from "./compute-item-taxes";
import { computeDocumentTotals } from "./compute-document-totals";
import { dec } from "./decimal";
import { matchNfeSubRule } from "./match-nfe-sub-rule";
import { resolveTaxFields } from "./resolve-tax-fields";
import { builtInLevel, itemLevel, statutoryLevel } from "./tax-levels";
import type { TaxLevel } from "./tax-fields";

const level = (source: TaxLevel["source"], values: TaxLevel["values"]): TaxLevel => ({ source, values });

describe("resolution order, field by field", () => {
  it("takes each field from the first level that holds it", () => {
    const { fields, sources } = resolveTaxFields([
      itemLevel({ cfop: "5102", icmsRate: null, pisSituation: "" }),
      level("rule", { icmsCst: "00", icmsRate: dec(12) }),
      level("product", { ncm: "84713012", icmsCst: "20", icmsRate: dec(7), pisCst: "01", pisRate: dec("1.65") }),
      level("template", { cofinsCst: "01", cofinsRate: dec("7.6"), icmsCst: "40" }),
      level("company", { ncm: "00000000", ipiCst: "50", ipiRate: dec(5), icmsOrigin: "2" }),
      builtInLevel(false),
    ]);
    expect(fields.cfop).toBe("5102");
    expect(fields.icmsCst).toBe("00");
    expect(fields.icmsRate?.toString()).toBe("12");
    expect(fields.ncm).toBe("84713012");
    expect(sources).toMatchObject({
      cfop: "item",
      "icms.cst": "rule",
      "icms.rate": "rule",
      ncm: "product",
      "pis.cst": "product",
      "cofins.cst": "template",
      "ipi.cst": "company",
      "icms.origin": "company",
      "ipi.cEnq": "default",
      "ibsCbs.cst": "default",
    });
  });

  it("a document whose five lines resolve their ICMS from five different levels", () => {
    const rule = level("rule", { icmsCst: "20", icmsRate: dec(18), icmsRedBc: dec("61.11") });
    const product = level("product", { ncm: "22021000", icmsCst: "00", icmsRate: dec(12) });
    const template = level("template", { icmsCst: "00", icmsRate: dec(7) });
    const company = level("company", { ncm: "99999999", cfop: "5102", icmsCst: "00", icmsRate: dec(4), pisCst: "01", pisRate: dec("0.65"), cofinsCst: "01", cofinsRate: dec(3) });
    const defaults = builtInLevel(false);
    const law2026 = statutoryLevel("2026-11-20", "NFE");
    const context = { documentType: "NFE" as const, icmsTable: "CST" as const, ibsCbsApplies: true, recipientContributor: true };
    const linesLevels: TaxLevel[][] = [
      [itemLevel({ icmsSituation: "00", icmsRate: 25, ncm: "10063021" }), rule, product, template, company, defaults],
      [itemLevel({}), rule, product, template, company, defaults],
      [itemLevel({}), level("rule", {}), product, template, company, defaults],
      [itemLevel({}), level("rule", {}), level("product", {}), template, company, defaults],
      [itemLevel({}), level("rule", {}), level("product", {}), level("template", {}), company, defaults],
    ];
    const lines = linesLevels.map((levels) => {
      const { fields, sources } = resolveTaxFields([law2026, ...levels]);
      const taxes = computeItemTaxes({ context, grossValue: dec("100.00"), freight: dec(0), fields });
      return { grossValue: dec("100.00"), taxes, sources: usedSources(taxes, sources) };
    });
    // 100 × 25 % = 25.00; 100 × (1 − 0.6111) = 38.89 × 18 % = 7.0002 → 7.00; 12.00; 7.00; 4.00
    expect(lines.map((l) => l.taxes.icms?.amount)).toEqual(["25.00", "7.00", "12.00", "7.00", "4.00"]);
    expect(lines.map((l) => l.sources["icms.cst"])).toEqual(["item", "rule", "product", "template", "company"]);
    expect(lines.map((l) => l.sources["icms.rate"])).toEqual(["item", "rule", "product", "template", "company"]);
    expect(lines.map((l) => l.sources.ncm)).toEqual(["item", "product", "product", "company", "company"]);
    // A line without base reduction has no base-reduction source; PIS comes from the company on every line.
    expect(lines[0]!.sources["icms.baseReduction"]).toBeUndefined();
    expect(lines[1]!.sources["icms.baseReduction"]).toBe("rule");
    expect(lines.every((l) => l.sources["pis.cst"] === "company")).toBe(true);
    const totals = computeDocumentTotals(lines);
    // vICMS 25 + 7 + 12 + 7 + 4 = 55.00; PIS 5 × 0.65 = 3.25; COFINS 5 × 3.00 = 15.00; CBS 5 × 0.90 = 4.50; IBS 5 × 0.10 = 0.50
    expect(totals.icmsTot).toMatchObject({ vICMS: "55.00", vPIS: "3.25", vCOFINS: "15.00", vProd: "500.00", vNF: "500.00" });
    expect(totals).toMatchObject({ rtcCbsTotal: "4.50", rtcIbsTotal: "0.50" });
  });
});

describe("tax rule matching", () => {
  const sub = (position: number, over: Partial<{ states: string[]; clientTypes: string[]; cfops: string[]; isActive: boolean }>) => ({
    position, isActive: true, states: [], clientTypes: [], cfops: [], ...over,
  });

  it("prefers sub-rules listing the CFOP (last 3 digits) over general ones", () => {
    const rules = [sub(0, {}), sub(1, { cfops: ["5910"] }), sub(2, { cfops: ["5102"], states: ["RJ"] })];
    expect(matchNfeSubRule(rules, { state: "SP", clientType: "CONTRIBUINTE", cfop: "6910" })?.position).toBe(1);
    expect(matchNfeSubRule(rules, { state: "SP", clientType: "CONTRIBUINTE", cfop: "6102" })?.position).toBe(0);
    expect(matchNfeSubRule(rules, { state: "RJ", clientType: "CONTRIBUINTE", cfop: "6102" })?.position).toBe(2);
  });

  it("matches state and client type; empty lists mean any; inactive sub-rules never match", () => {
    const rules = [sub(0, { states: ["MG"], isActive: false }), sub(1, { clientTypes: ["NAO_CONTRIBUINTE"] }), sub(2, { clientTypes: ["ESTRANGEIRO"] })];
    expect(matchNfeSubRule(rules, { state: "MG", clientType: "CONTRIBUINTE", cfop: "5102" })).toBeNull();
    expect(matchNfeSubRule(rules, { state: "MG", clientType: "NAO_CONTRIBUINTE", cfop: "5102" })?.position).toBe(1);
    expect(matchNfeSubRule(rules, { state: "EX", clientType: "ESTRANGEIRO", cfop: "7102" })?.position).toBe(2);
  });

  it("chooses the product CFOP by destination and contributor status", () => {
    const product = { internalCfop: "5102", interstateContributorCfop: "6102", interstateNonContributorCfop: "6108", exportCfop: "7102" };
    expect(productCfopFor(product, "INTERNAL", true)).toBe("5102");
    expect(productCfopFor(product, "INTERSTATE", true)).toBe("6102");
    expect(productCfopFor(product, "INTERSTATE", false)).toBe("6108");
    expect(productCfopFor(product, "FOREIGN", false)).toBe("7102");
  });
});

describe("the law's level by issue date (lib/tax/data/reform-rates.ts)", () => {
  const company = level("company", { pisCst: "01", pisRate: dec("1.65"), cbsRate: dec("8.7") });
  it("31/12/2026 takes 2026's IBS/CBS rates and keeps PIS; 01/01/2027 takes art. 344's IBS, the company's CBS, PIS CST 08", () => {
    const y2026 = resolveTaxFields([statutoryLevel("2026-12-31", "NFE"), itemLevel({}), company, builtInLevel(false)]);
    expect([y2026.fields.ibsStateRate?.toString(), y2026.fields.ibsMunicipalRate?.toString(), y2026.fields.cbsRate?.toString(), y2026.fields.pisCst]).toEqual(["0.1", "0", "0.9", "01"]);
    const y2027 = resolveTaxFields([statutoryLevel("2027-01-01", "NFE"), itemLevel({ pisSituation: "01" }), company, builtInLevel(false)]);
    expect([y2027.fields.ibsStateRate?.toString(), y2027.fields.ibsMunicipalRate?.toString(), y2027.fields.cbsRate?.toString(), y2027.fields.pisCst, y2027.fields.cofinsCst]).toEqual(["0.05", "0.05", "8.7", "08", "08"]);
    expect(y2027.sources).toMatchObject({ "ibsCbs.cbsRate": "company", "ibsCbs.ibsStateRate": "default", "pis.cst": "default" });
  });

  it("an NFS-e keeps its PIS/COFINS fields in 2027 (the DPS's tribFed is not part of this change)", () => {
    expect(statutoryLevel("2027-01-01", "NFSE").values.pisCst).toBeUndefined();
  });
});
