import { describe, expect, it } from "vitest";
import * as collection from "@/app/v1/tax-rules/route";
import * as member from "@/app/v1/tax-rules/[id]/route";
import * as products from "@/app/v1/products/route";
import { createTestCompany } from "@/test/factories";
import { call, registerCalls } from "@/test/http";
import { findUsableTaxRule } from "./lookup";

const { post, get, patch, remove, list } = registerCalls("/v1/tax-rules", collection, member);

const stSubRule = { name: "ST SP", states: ["SP"], clientTypes: ["CONTRIBUINTE"], cfops: ["5405"], icmsCst: "201", icmsStModBc: 4, icmsStMva: 40, icmsStRate: 18, icmsSnCreditRate: 1.25 };
const nfseSubRule = { serviceLocation: ["NO_MUNICIPIO_EMPRESA"], issRate: 5, pisRate: 0.65, cofinsRate: 3, deductionsRate: 0, irRate: 1.5, issRetention: true, serviceLocationMunicipality: "MUNICIPIO_PRESTACAO_SERVICO", incidenceMunicipality: "MUNICIPIO_EMPRESA" };

async function expectInvalidTaxation(key: string, subRule: object, messagePart: RegExp) {
  const res = await post(key, { name: "R", model: "NFE", nfeTaxRules: [subRule] });
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.code).toBe("invalid_taxation");
  expect(res.body.message).toMatch(messagePart);
}

describe("POST /v1/tax-rules", () => {
  it("creates an NFE rule whose id is usable, with rates as decimal strings and unused parameters null", async () => {
    const company = await createTestCompany({ regime: "SIMPLES_NACIONAL" });
    const res = await post(company.key, { name: "Revenda ST", model: "NFE", nfeTaxRules: [{ ...stSubRule, icmsPIcms: 18, pisCst: "49" }, { icmsCst: "102", icmsStMva: 30 }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(String), name: "Revenda ST", model: "NFE", isActive: true, nfseTaxRules: [] });
    expect(new Date(res.body.updatedAt).toISOString()).toBe(res.body.updatedAt);
    const [st, plain] = res.body.nfeTaxRules;
    expect(st).toMatchObject({ id: expect.any(String), name: "ST SP", states: ["SP"], clientTypes: ["CONTRIBUINTE"], cfops: ["5405"], icmsCst: "201", icmsStModBc: "4", icmsStMva: "40.0000", icmsStRate: "18.0000", icmsSnCreditRate: "1.2500", icmsPIcms: null, pisCst: "49", isActive: true });
    expect(plain).toMatchObject({ icmsCst: "102", icmsStMva: null, icmsStModBc: null, name: null, states: [], clientTypes: [], cfops: [] });
    expect((await get(company.key, res.body.id)).body).toEqual(res.body);
    await expect(findUsableTaxRule(company.companyId, res.body.id, "NFE")).resolves.toMatchObject({ id: res.body.id });
  });

  it("creates an NFSE rule with its enums, retentions and rates", async () => {
    const company = await createTestCompany();
    const res = await post(company.key, { name: "Serviços", model: "NFSE", nfseTaxRules: [nfseSubRule] });
    expect(res.status).toBe(201);
    expect(res.body.nfseTaxRules[0]).toMatchObject({
      serviceLocation: ["NO_MUNICIPIO_EMPRESA"], issRate: "5.0000", pisRate: "0.6500", cofinsRate: "3.0000", deductionsRate: "0.0000",
      irRate: "1.5000", inssRate: null, csllRate: null, issRetention: true, pisRetention: false, serviceLocationMunicipality: "MUNICIPIO_PRESTACAO_SERVICO", incidenceMunicipality: "MUNICIPIO_EMPRESA", operationNature: null,
    });
  });

  it("refuses sub-rules that emission would refuse with 422 invalid_taxation and the reason", async () => {
    const simples = await createTestCompany({ regime: "SIMPLES_NACIONAL" });
    const normal = await createTestCompany({ regime: "NORMAL" });
    await expectInvalidTaxation(simples.key, { icmsCst: "00" }, /regular-regime CST/);
    await expectInvalidTaxation(normal.key, { icmsCst: "101", icmsSnCreditRate: 2 }, /CSOSN/);
    await expectInvalidTaxation(simples.key, { ...stSubRule, icmsStMva: null }, /icmsStMva/);
    await expectInvalidTaxation(simples.key, { ...stSubRule, icmsStModBc: null }, /icmsStModBc/);
    await expectInvalidTaxation(simples.key, { ...stSubRule, icmsStRate: null }, /icmsStRate/);
    await expectInvalidTaxation(normal.key, { icmsCst: "10", icmsStModBc: 6 }, /icmsStRate/);
    await expectInvalidTaxation(simples.key, { ...stSubRule, icmsSnCreditRate: null }, /icmsSnCreditRate/);
    await expectInvalidTaxation(simples.key, { icmsCst: "101" }, /icmsSnCreditRate/);
    await expectInvalidTaxation(normal.key, { icmsCst: "20", icmsPIcms: 18 }, /icmsRedBc/);
    await expectInvalidTaxation(normal.key, { icmsCst: "70", icmsStModBc: 6, icmsStRate: 18 }, /icmsRedBc/);
    await expectInvalidTaxation(normal.key, { icmsCst: "00", icmsPIcms: 120 }, /nfeTaxRules\.0\.icmsPIcms/);
    await expectInvalidTaxation(normal.key, { icmsCst: "00", pisPPis: -1 }, /pisPPis/);
    await expectInvalidTaxation(normal.key, { icmsCst: "00", cfops: ["510"] }, /4 digits/);
    await expectInvalidTaxation(normal.key, { icmsCst: "00", cfops: ["51020"] }, /4 digits/);
    const nfse = await post(normal.key, { name: "S", model: "NFSE", nfseTaxRules: [{ ...nfseSubRule, issRate: 101 }] });
    expect(nfse.status).toBe(422);
    expect(nfse.body.code).toBe("invalid_taxation");
    expect((await list(normal.key)).body.meta.total).toBe(0);
  });

  it("accepts SIMPLES_EXCESS with the regular CST table and a valid CST 20/70 setup", async () => {
    const company = await createTestCompany({ regime: "SIMPLES_EXCESS" });
    const res = await post(company.key, { name: "R", model: "NFE", nfeTaxRules: [{ icmsCst: "20", icmsPIcms: 18, icmsRedBc: 33.33 }, { icmsCst: "70", icmsRedBc: 10, icmsStModBc: 6, icmsStRate: 18, icmsStMva: 50 }] });
    expect(res.status).toBe(201);
    expect(res.body.nfeTaxRules[1]).toMatchObject({ icmsStMva: null, icmsStModBc: "6", icmsRedBc: "10.0000" });
  });

  it("answers schema violations with 422 validation_error naming the field (the spec gives tax-rule writes 422, not 400)", async () => {
    const company = await createTestCompany();
    const bodies = [
      { model: "NFE" },
      { name: "", model: "NFE" },
      { name: "R", model: "NFCE" },
      { name: "R", model: "NFE", nfeTaxRules: [{ states: ["SP"] }] },
      { name: "R", model: "NFE", nfeTaxRules: [{ icmsCst: "00", clientTypes: ["CONSUMIDOR"] }] },
      { name: "R", model: "NFE", nfeTaxRules: [{ icmsCst: "00", states: ["XX"] }] },
      { name: "R", model: "NFSE", nfseTaxRules: [{ ...nfseSubRule, serviceLocation: ["LUA"] }] },
      { name: "R", model: "NFSE", nfseTaxRules: [{ ...nfseSubRule, incidenceMunicipality: undefined }] },
    ];
    for (const body of bodies) {
      const res = await post(company.key, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.message).toMatch(/^body\./);
    }
    const missingCst = await post(company.key, { name: "R", model: "NFE", nfeTaxRules: [{ states: ["SP"] }] });
    expect(missingCst.body.message).toContain("body.nfeTaxRules.0.icmsCst");
    const rule = (await post(company.key, { name: "R", model: "NFE" })).body;
    const badPatch = await patch(company.key, rule.id, { name: "" });
    expect(badPatch.status).toBe(422);
    expect(badPatch.body.code).toBe("validation_error");
  });

  it("refuses sub-rules of the other model", async () => {
    const company = await createTestCompany();
    const res = await post(company.key, { name: "R", model: "NFSE", nfeTaxRules: [{ icmsCst: "00" }] });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid_taxation");
  });

  it("needs tax-rules scopes", async () => {
    const reader = await createTestCompany({ scopes: ["tax-rules:read"] });
    expect((await post(reader.key, { name: "R", model: "NFE" })).status).toBe(403);
    expect((await list(reader.key)).status).toBe(200);
  });
});

describe("list, PATCH and soft DELETE", () => {
  it("filters by model and isActive and paginates", async () => {
    const company = await createTestCompany();
    await post(company.key, { name: "A", model: "NFE" });
    await post(company.key, { name: "B", model: "NFSE" });
    await post(company.key, { name: "C", model: "NFE", isActive: false });
    const names = async (q: string) => (await list(company.key, q)).body.data.map((r: { name: string }) => r.name);
    expect(await names("?model=NFE")).toEqual(["A", "C"]);
    expect(await names("?isActive=false")).toEqual(["C"]);
    expect(await names("?model=NFE&isActive=true")).toEqual(["A"]);
    expect((await list(company.key, "?pageSize=2")).body.meta).toEqual({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    expect((await list(company.key, "?model=NFCE")).status).toBe(400);
  });

  it("PATCH answers 200 with the rule; sub-rules sent replace those of that model, others stay", async () => {
    const company = await createTestCompany({ regime: "SIMPLES_NACIONAL" });
    const rule = (await post(company.key, { name: "R", model: "NFE", nfeTaxRules: [stSubRule, { icmsCst: "102" }] })).body;
    const renamed = await patch(company.key, rule.id, { name: "R2", isActive: false });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "R2", isActive: false });
    expect(renamed.body.nfeTaxRules.map((s: { id: string }) => s.id)).toEqual(rule.nfeTaxRules.map((s: { id: string }) => s.id));
    const replaced = await patch(company.key, rule.id, { nfeTaxRules: [{ icmsCst: "500" }] });
    expect(replaced.body.nfeTaxRules).toHaveLength(1);
    expect(replaced.body.nfeTaxRules[0].icmsCst).toBe("500");
    const refused = await patch(company.key, rule.id, { nfeTaxRules: [{ ...stSubRule, icmsStMva: null }] });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("invalid_taxation");
    expect((await get(company.key, rule.id)).body.nfeTaxRules[0].icmsCst).toBe("500");
    const toNfse = await patch(company.key, rule.id, { model: "NFSE", nfseTaxRules: [nfseSubRule] });
    expect(toNfse.body).toMatchObject({ model: "NFSE", nfeTaxRules: [] });
    expect(toNfse.body.nfseTaxRules).toHaveLength(1);
  });

  it("DELETE is a soft delete (204): the rule disappears and referencing it gives invalid_tax_rule", async () => {
    const company = await createTestCompany();
    const rule = (await post(company.key, { name: "R", model: "NFE", nfeTaxRules: [{ icmsCst: "00", icmsPIcms: 18 }] })).body;
    const res = await remove(company.key, rule.id);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await get(company.key, rule.id)).status).toBe(404);
    expect((await patch(company.key, rule.id, { name: "x" })).status).toBe(404);
    expect((await remove(company.key, rule.id)).status).toBe(404);
    expect((await list(company.key)).body.data).toEqual([]);
    const product = await call(products.POST, { method: "POST", path: "/v1/products", key: company.key, body: { name: "P", code: "P", salePrice: 1, nfeConfig: { taxRuleId: rule.id } } });
    expect(product.status).toBe(422);
    expect(product.body.code).toBe("invalid_tax_rule");
    await expect(findUsableTaxRule(company.companyId, rule.id, "NFE")).rejects.toMatchObject({ status: 422, code: "invalid_tax_rule" });
  });
});

describe("company isolation", () => {
  it("company B cannot read, change, delete or reference company A's rule", async () => {
    const a = await createTestCompany();
    const b = await createTestCompany();
    const rule = (await post(a.key, { name: "Secret", model: "NFE" })).body;
    expect((await get(b.key, rule.id)).status).toBe(404);
    expect((await patch(b.key, rule.id, { name: "x" })).status).toBe(404);
    expect((await remove(b.key, rule.id)).status).toBe(404);
    expect((await list(b.key)).body.data).toEqual([]);
    const product = await call(products.POST, { method: "POST", path: "/v1/products", key: b.key, body: { name: "P", code: "P", salePrice: 1, nfeConfig: { taxRuleId: rule.id } } });
    expect(product.status).toBe(422);
    expect(product.body.code).toBe("invalid_tax_rule");
    expect((await get(a.key, rule.id)).body.name).toBe("Secret");
  });
});
