import { describe, expect, it } from "vitest";
import { GET as getDetail } from "@/app/v1/fiscal-documents/[id]/route";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { ensureSystemTemplates } from "@/lib/templates";
import { companyWithClient, item, makeCarrier, makeNfeRule, makeNfseRule, makeProduct, makeTemplate } from "./testing/fixtures";

const post = (key: string, body: unknown) => call(create, { method: "POST", path: "/v1/fiscal-documents", key, body });
const detail = (key: string, id: string) => call(getDetail, { path: `/v1/fiscal-documents/${id}`, key, params: { id } });

const setup = () => companyWithClient();

describe("duplicates", () => {
  it("numbers installments 001, 002, ... and sets payment on credit", async () => {
    const c = await setup();
    const res = await post(c.key, c.base({ duplicates: [{ dueDate: "2026-12-20", value: 33.33 }, { dueDate: "2027-01-20", value: 33.33 }, { dueDate: "2027-02-20", value: 33.34 }] }));
    expect(res.status).toBe(201);
    const d = await detail(c.key, res.body.id);
    expect(d.body.duplicates).toEqual([
      { number: "001", dueDate: "2026-12-20", value: "33.33" },
      { number: "002", dueDate: "2027-01-20", value: "33.33" },
      { number: "003", dueDate: "2027-02-20", value: "33.34" },
    ]);
    expect(d.body.paymentIndicator).toBe(1);
  });

  it("answers 400 invalid_duplicates naming the shortfall or the excess", async () => {
    const c = await setup();
    const short = await post(c.key, c.base({ duplicates: [{ dueDate: "2026-12-20", value: 50 }, { dueDate: "2027-01-20", value: 49.99 }] }));
    expect(short.status).toBe(400);
    expect(short.body.code).toBe("invalid_duplicates");
    expect(short.body.message).toContain("shortfall of 0.01");
    const excess = await post(c.key, c.base({ duplicates: [{ dueDate: "2026-12-20", value: 100.5 }] }));
    expect(excess.status).toBe(400);
    expect(excess.body.message).toContain("excess of 0.50");
    expect(await db.fiscalDocument.count({ where: { companyId: c.companyId } })).toBe(0);
  });
});

describe("transport", () => {
  it("refuses transport on an NFSE with 400", async () => {
    const c = await setup();
    const res = await post(c.key, c.base({ type: "NFSE", items: [item({ serviceCode: "0107" })], transport: { freightType: "SENDER" } }));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("body.transport");
  });

  it("requires vehicleState with vehiclePlate (400 naming the field) and non-negative volumes", async () => {
    const c = await setup();
    const plate = await post(c.key, c.base({ transport: { vehiclePlate: "ABC1D23" } }));
    expect(plate.status).toBe(400);
    expect(plate.body.code).toBe("validation_error");
    expect(plate.body.message).toContain("body.transport.vehicleState");
    for (const volumes of [{ volumeQuantity: -1 }, { volumeGrossWeight: -0.5 }, { volumeNetWeight: -1 }]) {
      const res = await post(c.key, c.base({ transport: volumes }));
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(`body.transport.${Object.keys(volumes)[0]}`);
    }
  });

  it("answers 422 for another company's carrier", async () => {
    const c = await setup();
    const other = await createTestCompany();
    const carrier = await makeCarrier(other.companyId);
    const res = await post(c.key, c.base({ transport: { carrierId: carrier.id } }));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid_carrier");
  });

  it("uses the carrier's default vehicle without a plate and keeps snapshots after the carrier is removed", async () => {
    const c = await setup();
    const carrier = await makeCarrier(c.companyId, [{ plate: "AAA1111", state: "SP" }, { plate: "BRA2E19", state: "MG", isDefault: true, rntc: "12345678" }]);
    const res = await post(c.key, c.base({
      transport: { freightType: "SENDER", freightValue: 15.5, carrierId: carrier.id, volumeQuantity: 3, volumeSpecies: "CAIXA", volumeGrossWeight: 12.5, volumeNetWeight: 11.25 },
    }));
    expect(res.status).toBe(201);
    // The freight enters vNF: 100.00 + 15.50
    expect(res.body.totalValue).toBe("115.50");
    await db.carrier.delete({ where: { id: carrier.id } });
    const d = await detail(c.key, res.body.id);
    expect(d.body.transport).toMatchObject({
      freightType: "SENDER", freightValue: "15.50", carrierId: carrier.id, carrierName: "Transportes Rápidos Ltda", carrierDocument: carrier.document,
      vehiclePlate: "BRA2E19", vehicleState: "MG", vehicleRntc: "12345678", volumeQuantity: 3, volumeSpecies: "CAIXA", volumeGrossWeight: "12.500", volumeNetWeight: "11.250",
    });
    expect(d.body.items[0].freight).toBe("15.50");
  });

  it("takes an explicit plate and state; a document without transport has transport null", async () => {
    const c = await setup();
    const res = await post(c.key, c.base({ transport: { vehiclePlate: "abc-1234", vehicleState: "rj" } }));
    expect(res.status).toBe(201);
    expect((await detail(c.key, res.body.id)).body.transport).toMatchObject({ freightType: "NO_FREIGHT", carrierId: null, vehiclePlate: "ABC1234", vehicleState: "RJ" });
    const none = await post(c.key, c.base());
    expect((await detail(c.key, none.body.id)).body.transport).toBeNull();
  });
});

describe("IBS/CBS credit and debit notes", () => {
  const key = "35261111222333000181550010000000011000000010";

  it("issues a credit note as CREDIT_NOTE without charge (tPag 90) referencing the adjusted NFE", async () => {
    const c = await setup();
    const res = await post(c.key, c.base({ rtcCreditType: "01", referencedAccessKey: key }));
    expect(res.status).toBe(201);
    const d = await detail(c.key, res.body.id);
    expect(d.body).toMatchObject({ purpose: "CREDIT_NOTE", rtcCreditType: "01", referencedAccessKey: key });
    expect(d.body.payments).toEqual([expect.objectContaining({ method: "NO_PAYMENT", value: "0.00" })]);
    const debit = await post(c.key, c.base({ rtcDebitType: "02", referencedAccessKey: key }));
    expect((await detail(c.key, debit.body.id)).body.purpose).toBe("DEBIT_NOTE");
  });

  it("refuses them on NFCE/NFSE, without the referenced key, or with charged payments", async () => {
    const c = await setup();
    for (const over of [
      { type: "NFCE", rtcCreditType: "01", referencedAccessKey: key },
      { rtcCreditType: "01" },
      { rtcCreditType: "01", referencedAccessKey: key, payments: [{ method: "PIX", value: 100 }] },
      { rtcCreditType: "01", rtcDebitType: "01", referencedAccessKey: key },
    ]) {
      const res = await post(c.key, c.base(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
  });
});

describe("references: templates, tax rules, products, CEST and CFOP", () => {
  it("answers invalid_template for unknown or invisible templates, and template_type_mismatch", async () => {
    const c = await setup();
    const other = await createTestCompany();
    const foreign = await makeTemplate({ source: "COMPANY", companyId: other.companyId });
    const nfse = await makeTemplate({ source: "COMPANY", companyId: c.companyId, type: "NFSE" });
    for (const templateId of ["nope", foreign.id]) {
      const res = await post(c.key, c.base({ templateId }));
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("invalid_template");
    }
    const mismatch = await post(c.key, c.base({ templateId: nfse.id }));
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.code).toBe("template_type_mismatch");
  });

  it("sees tenant and system templates; the template fills the operation nature and ICMS not sent", async () => {
    const c = await setup();
    const tenant = await makeTemplate({ source: "TENANT", tenantId: c.tenantId, operationNature: "VENDA DE PRODUCAO", icmsCst: "00", icmsRate: "12" });
    const res = await post(c.key, c.base({ templateId: tenant.id }));
    expect(res.status).toBe(201);
    const d = await detail(c.key, res.body.id);
    expect(d.body.operationNature).toBe("VENDA DE PRODUCAO");
    expect(d.body.items[0].icms).toMatchObject({ rate: "12.0000", amount: "12.00" });
    expect(d.body.items[0].taxSources["icms.rate"]).toBe("template");
    // System templates are global: use a shipped one rather than adding rows every company sees.
    await ensureSystemTemplates();
    const system = await db.fiscalTemplate.findUniqueOrThrow({ where: { systemKey: "sale-of-goods" } });
    const fromSystem = await post(c.key, c.base({ templateId: system.id }));
    expect(fromSystem.status).toBe(201);
    expect((await detail(c.key, fromSystem.body.id)).body.operationNature).toBe(system.operationNature);
  });

  it("answers invalid_tax_rule for a rule of another company, removed, inactive or of the wrong model", async () => {
    const c = await setup();
    const other = await createTestCompany();
    const foreign = await makeNfeRule(other.companyId, [{}]);
    const removed = await makeNfeRule(c.companyId, [{}], { deletedAt: new Date() });
    const inactive = await makeNfeRule(c.companyId, [{}], { isActive: false });
    const nfse = await makeNfseRule(c.companyId);
    for (const taxRuleId of [foreign.id, removed.id, inactive.id, nfse.id, "missing"]) {
      const onDocument = await post(c.key, c.base({ taxRuleId }));
      expect(onDocument.status).toBe(422);
      expect(onDocument.body.code).toBe("invalid_tax_rule");
    }
    const onItem = await post(c.key, c.base({ items: [item({ taxRuleId: foreign.id })] }));
    expect(onItem.body.code).toBe("invalid_tax_rule");
  });

  it("answers invalid_product, invalid_cest and invalid_cfop", async () => {
    const c = await setup();
    const other = await createTestCompany();
    const product = await makeProduct(other.companyId);
    expect((await post(c.key, c.base({ items: [item({ productId: product.id })] }))).body.code).toBe("invalid_product");
    for (const cest of ["123456", "12345678", "ABCDEFG"]) {
      const res = await post(c.key, c.base({ items: [item({ cest })] }));
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("invalid_cest");
    }
    for (const cfop of ["510", "51020", "9102", "AB12"]) {
      const res = await post(c.key, c.base({ items: [item({ cfop })] }));
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("invalid_cfop");
    }
    // A CEST of another good than the NCM's (Convênio ICMS 142/18): bread with a plastics CEST.
    const mismatch = await post(c.key, c.base({ items: [item({ ncm: "19059010", cest: "28.038.00" })] }));
    expect([mismatch.status, mismatch.body.code]).toEqual([422, "invalid_cest"]);
    expect(mismatch.body.message).toContain("items.0.cest: CEST 2803800");
    expect(mismatch.body.message).toContain("not for NCM 19059010");
    const ok = await post(c.key, c.base({ items: [item({ ncm: "39269090", cest: "28.038.00" })] }));
    expect((await detail(c.key, ok.body.id)).body.items[0].cest).toBe("2803800");
  });

  it("answers invalid_taxation when the resolved taxation cannot be emitted", async () => {
    const c = await setup();
    // CSOSN on a regular-regime company.
    const csosn = await post(c.key, c.base({ items: [item({ icmsSituation: "102" })] }));
    expect(csosn.status).toBe(422);
    expect(csosn.body.code).toBe("invalid_taxation");
    expect(csosn.body.message).toContain("items.0");
    // ST without MVA (modality 4).
    const st = await post(c.key, c.base({ items: [item({ icmsSituation: "10", icmsStModBc: 4, icmsStRate: 18 })] }));
    expect(st.body.code).toBe("invalid_taxation");
    // ST without a CEST on the item or the product.
    const noCest = await post(c.key, c.base({ items: [item({ icmsSituation: "10", icmsStModBc: 4, icmsStMva: 40, icmsStRate: 18 })] }));
    expect(noCest.status).toBe(422);
    expect(noCest.body.code).toBe("invalid_taxation");
    expect(noCest.body.message).toContain("items.0: cest");
    // No NCM anywhere.
    await db.company.update({ where: { id: c.companyId }, data: { defaultNcm: null } });
    const ncm = await post(c.key, c.base());
    expect(ncm.body.code).toBe("invalid_taxation");
    expect(ncm.body.message).toContain("ncm");
  });
});
