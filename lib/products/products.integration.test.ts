import { describe, expect, it } from "vitest";
import * as collection from "@/app/v1/products/route";
import * as member from "@/app/v1/products/[id]/route";
import { createTestCompany, db } from "@/test/factories";
import { registerCalls } from "@/test/http";

const { post, get, patch, remove, list } = registerCalls("/v1/products", collection, member);

const st201 = { icmsCst: "201", icmsStModBc: 4, icmsStMva: 40, icmsStRate: 18, icmsSnCreditRate: 1.25 };

async function expectError(promise: ReturnType<typeof post>, status: number, code: string) {
  const res = await promise;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
  return res;
}

describe("POST /v1/products", () => {
  it("creates a product with default units, digits-only CEST, suggested interstate CFOPs and decimal strings", async () => {
    const company = await createTestCompany({ regime: "SIMPLES_NACIONAL" });
    const res = await post(company.key, {
      name: "Refrigerante", code: "SKU-1", salePrice: 7.5,
      nfeConfig: { ncm: "2202.10.00", cest: "03.007.00", internalCfop: "5102", ...st201, pisCst: "49", pisRate: 0.65 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String), name: "Refrigerante", code: "SKU-1", salePrice: "7.5000",
      commercialUnit: "UN - UNIDADE", taxUnit: "UN - UNIDADE", taxUnitExport: "KG - QUILOGRAMA", isActive: true,
    });
    expect(res.body.nfeConfig).toMatchObject({
      ncm: "22021000", cest: "0300700", internalCfop: "5102", interstateContributor: "6102", interstateNonContributor: "6108",
      icmsCst: "201", icmsStModBc: "4", icmsStMva: "40.0000", icmsStRate: "18.0000", icmsSnCreditRate: "1.2500", icmsRate: null, pisRate: "0.6500",
    });
    expect((await get(company.key, res.body.id)).body).toEqual(res.body);
  });

  it("leaves an interstate CFOP blank when sent as null", async () => {
    const company = await createTestCompany();
    const res = await post(company.key, { name: "P", code: "A", salePrice: 1, nfeConfig: { internalCfop: "5102", interstateNonContributor: null } });
    expect(res.body.nfeConfig).toMatchObject({ interstateContributor: "6102", interstateNonContributor: null });
  });

  it("refuses a CEST without 7 digits with 422 invalid_cest", async () => {
    const company = await createTestCompany();
    await expectError(post(company.key, { name: "P", code: "A", salePrice: 1, nfeConfig: { cest: "123456" } }), 422, "invalid_cest");
  });

  it("refuses a CEST of another NCM (bread with an auto-parts CEST), on create and when a PATCH changes the NCM", async () => {
    const company = await createTestCompany();
    const bread = await post(company.key, { name: "Pão de forma", code: "PF", salePrice: 8, nfeConfig: { ncm: "1905.90.10", cest: "0100100" } });
    expect([bread.status, bread.body.code]).toEqual([422, "invalid_cest"]);
    expect(bread.body.message).toContain("not for NCM 19059010");
    const soda = await post(company.key, { name: "Refrigerante", code: "RF", salePrice: 8, nfeConfig: { ncm: "2202.10.00", cest: "0300700" } });
    expect(soda.status).toBe(201);
    await expectError(patch(company.key, soda.body.id, { nfeConfig: { ncm: "19059010" } }), 422, "invalid_cest");
  });

  it("refuses a CFOP in the wrong field or not of 4 digits with 422 invalid_cfop", async () => {
    const company = await createTestCompany();
    for (const nfeConfig of [{ internalCfop: "6102" }, { interstateContributor: "5102" }, { interstateNonContributor: "7101" }, { exportCfop: "5101" }, { internalCfop: "510" }]) {
      await expectError(post(company.key, { name: "P", code: "A", salePrice: 1, nfeConfig }), 422, "invalid_cfop");
    }
    expect(await db.product.count({ where: { companyId: company.companyId } })).toBe(0);
  });

  it("refuses taxation emission would refuse with 422 invalid_taxation", async () => {
    const simples = await createTestCompany({ regime: "SIMPLES_NACIONAL" });
    const normal = await createTestCompany({ regime: "NORMAL" });
    const cases: [string, object][] = [
      [simples.key, { icmsCst: "00" }], // regular CST on a Simples company
      [normal.key, { icmsCst: "102" }], // CSOSN on the regular regime
      [simples.key, { ...st201, icmsStMva: null }], // ST by MVA without MVA
      [simples.key, { ...st201, icmsStRate: null }], // ST without rate
      [simples.key, { ...st201, icmsStModBc: null }], // ST without modality
      [simples.key, { ...st201, icmsSnCreditRate: null }], // CSOSN 201 without credit
      [simples.key, { icmsCst: "101" }], // CSOSN 101 without credit
      [normal.key, { icmsCst: "20", icmsRate: 18 }], // CST 20 without reduction
      [normal.key, { icmsCst: "00", icmsRate: 101 }], // percentage above 100
      [normal.key, { pisRate: -1 }], // negative percentage
    ];
    for (const [key, nfeConfig] of cases) {
      const res = await expectError(post(key, { name: "P", code: "A", salePrice: 1, nfeConfig }), 422, "invalid_taxation");
      expect(res.body.message.length).toBeGreaterThan(10);
    }
    const noMva = await post(simples.key, { name: "P", code: "A", salePrice: 1, nfeConfig: { ...st201, icmsStMva: null } });
    expect(noMva.body.message).toMatch(/^nfeConfig\.icmsStMva: /);
  });

  it("refuses a code already used with 422 duplicate_code", async () => {
    const company = await createTestCompany();
    await post(company.key, { name: "P", code: "A", salePrice: 1 });
    await expectError(post(company.key, { name: "Q", code: "A", salePrice: 2 }), 422, "duplicate_code");
  });

  it("refuses a tax rule of another company, removed, or of model NFSE with 422 invalid_tax_rule", async () => {
    const company = await createTestCompany();
    const other = await createTestCompany();
    const foreign = await db.taxRule.create({ data: { companyId: other.companyId, name: "x", model: "NFE" } });
    const removed = await db.taxRule.create({ data: { companyId: company.companyId, name: "x", model: "NFE", deletedAt: new Date() } });
    const nfse = await db.taxRule.create({ data: { companyId: company.companyId, name: "x", model: "NFSE" } });
    const usable = await db.taxRule.create({ data: { companyId: company.companyId, name: "x", model: "NFE" } });
    for (const rule of [foreign, removed, nfse]) {
      await expectError(post(company.key, { name: "P", code: "A", salePrice: 1, nfeConfig: { taxRuleId: rule.id } }), 422, "invalid_tax_rule");
    }
    const ok = await post(company.key, { name: "P", code: "A", salePrice: 1, nfeConfig: { taxRuleId: usable.id } });
    expect(ok.body.nfeConfig.taxRuleId).toBe(usable.id);
  });

  it("refuses schema violations with 400", async () => {
    const company = await createTestCompany();
    for (const body of [{ code: "A", salePrice: 1 }, { name: "P", salePrice: 1 }, { name: "P", code: "A", salePrice: -1 }, { name: "P", code: "A", salePrice: 1, nfeConfig: { ncm: "123" } }]) {
      await expectError(post(company.key, body), 400, "validation_error");
    }
  });
});

describe("PATCH /v1/products/{id}", () => {
  it("keeps fields not sent, clears with null and merges nfeConfig", async () => {
    const company = await createTestCompany({ regime: "SIMPLES_NACIONAL" });
    const created = (await post(company.key, { name: "P", code: "A", salePrice: 10, gtin: "7891000100103", nfeConfig: { ncm: "22021000", internalCfop: "5102", ...st201 } })).body;
    const renamed = await patch(company.key, created.id, { name: "P2", gtin: null });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "P2", code: "A", salePrice: "10.0000", gtin: null });
    expect(renamed.body.nfeConfig).toEqual(created.nfeConfig);

    const merged = await patch(company.key, created.id, { nfeConfig: { icmsStMva: 55 } });
    expect(merged.body.nfeConfig).toMatchObject({ icmsCst: "201", icmsStMva: "55.0000", icmsStRate: "18.0000", ncm: "22021000" });
  });

  it("validates the merged result and discards ST parameters when the code no longer uses them", async () => {
    const company = await createTestCompany({ regime: "SIMPLES_NACIONAL" });
    const created = (await post(company.key, { name: "P", code: "A", salePrice: 10, nfeConfig: st201 })).body;
    await expectError(patch(company.key, created.id, { nfeConfig: { icmsStMva: null } }), 422, "invalid_taxation");
    const to102 = await patch(company.key, created.id, { nfeConfig: { icmsCst: "102" } });
    expect(to102.body.nfeConfig).toMatchObject({ icmsCst: "102", icmsStModBc: null, icmsStMva: null, icmsStRate: null, icmsSnCreditRate: null });
    // Back to 201 without sending ST again: the discarded values are gone, so it is refused.
    await expectError(patch(company.key, created.id, { nfeConfig: { icmsCst: "201" } }), 422, "invalid_taxation");
  });

  it("does not touch taxation without tax fields, even when it would no longer validate", async () => {
    const company = await createTestCompany({ regime: "NORMAL" });
    const created = (await post(company.key, { name: "P", code: "A", salePrice: 10, nfeConfig: { icmsCst: "00", icmsRate: 18 } })).body;
    await db.company.update({ where: { id: company.companyId }, data: { taxRegime: "SIMPLES_NACIONAL" } });
    const res = await patch(company.key, created.id, { salePrice: "12.3456" });
    expect(res.status).toBe(200);
    expect(res.body.salePrice).toBe("12.3456");
    expect(res.body.nfeConfig).toEqual(created.nfeConfig);
    await expectError(patch(company.key, created.id, { nfeConfig: { icmsRate: 12 } }), 422, "invalid_taxation");
  });

  it("re-suggests interstate CFOPs that followed the old internal CFOP and keeps explicit ones", async () => {
    const company = await createTestCompany();
    const created = (await post(company.key, { name: "P", code: "A", salePrice: 1, nfeConfig: { internalCfop: "5102", interstateNonContributor: "6102" } })).body;
    const res = await patch(company.key, created.id, { nfeConfig: { internalCfop: "5101" } });
    expect(res.body.nfeConfig).toMatchObject({ internalCfop: "5101", interstateContributor: "6101", interstateNonContributor: "6102" });
  });

  it("refuses another product's code and a bad CFOP or CEST", async () => {
    const company = await createTestCompany();
    await post(company.key, { name: "P", code: "A", salePrice: 1 });
    const b = (await post(company.key, { name: "Q", code: "B", salePrice: 1 })).body;
    await expectError(patch(company.key, b.id, { code: "A" }), 422, "duplicate_code");
    await expectError(patch(company.key, b.id, { nfeConfig: { internalCfop: "6101" } }), 422, "invalid_cfop");
    await expectError(patch(company.key, b.id, { nfeConfig: { cest: "12" } }), 422, "invalid_cest");
    expect((await patch(company.key, b.id, { code: "B" })).status).toBe(200);
  });
});

describe("list and delete", () => {
  it("searches by name or code, paginates and deletes (204)", async () => {
    const company = await createTestCompany();
    await post(company.key, { name: "Arroz", code: "ARZ-1", salePrice: 1 });
    const feijao = (await post(company.key, { name: "Feijão", code: "FJ-1", salePrice: 1 })).body;
    expect((await list(company.key, "?search=arz")).body.data.map((p: { name: string }) => p.name)).toEqual(["Arroz"]);
    expect((await list(company.key, "?pageSize=1")).body.meta).toEqual({ page: 1, pageSize: 1, total: 2, totalPages: 2 });
    expect((await remove(company.key, feijao.id)).status).toBe(204);
    expect((await get(company.key, feijao.id)).status).toBe(404);
  });
});

describe("company isolation", () => {
  it("company B cannot read, change, delete or reuse the code space of company A's product", async () => {
    const a = await createTestCompany();
    const b = await createTestCompany();
    const product = (await post(a.key, { name: "Secret", code: "S", salePrice: 1 })).body;
    expect((await get(b.key, product.id)).status).toBe(404);
    expect((await patch(b.key, product.id, { name: "x" })).status).toBe(404);
    expect((await remove(b.key, product.id)).status).toBe(404);
    expect((await list(b.key)).body.data).toEqual([]);
    // Codes are unique per company only.
    expect((await post(b.key, { name: "Mine", code: "S", salePrice: 1 })).status).toBe(201);
  });

  it("findCompanyProduct gives 422 invalid_product for another company's product", async () => {
    const { findCompanyProduct } = await import("./lookup");
    const a = await createTestCompany();
    const b = await createTestCompany();
    const product = (await post(a.key, { name: "Secret", code: "S", salePrice: 1 })).body;
    await expect(findCompanyProduct(b.companyId, product.id)).rejects.toMatchObject({ status: 422, code: "invalid_product" });
    await expect(findCompanyProduct(a.companyId, product.id)).resolves.toMatchObject({ id: product.id });
  });
});
