import { describe, expect, it } from "vitest";
import { GET as getDetail } from "@/app/v1/fiscal-documents/[id]/route";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { configureCompanyDefaults, item, makeClient } from "./testing/fixtures";

// Issue 15: what SEFAZ would refuse is refused at creation with the spec's
// codes, and what it requires (interstate rate, DIFAL, IBS/CBS-only notes,
// installments in order, the inline client's IE) is computed and stored.

const post = (key: string, body: unknown) => call(create, { method: "POST", path: "/v1/fiscal-documents", key, body });
const detail = (key: string, id: string) => call(getDetail, { path: `/v1/fiscal-documents/${id}`, key, params: { id } });

async function setup(regime: "NORMAL" | "SIMPLES_NACIONAL" = "NORMAL") {
  const company = await createTestCompany({ regime });
  await configureCompanyDefaults(company.companyId, regime === "NORMAL" ? {} : { defaultIcmsCst: "102" });
  return company;
}

const consumerInBahia = { name: "Joana Souza", document: "12345678909", state: "BA", city: "Salvador", municipalityCode: "2927408", street: "Av. Sete", number: "100", neighborhood: "Centro", zipCode: "40060001" };

describe("interstate rate and DIFAL", () => {
  it("an interstate sale to a consumer takes 7 % (SP → BA) instead of the company's 18 %, and carries the DIFAL to BA at 20.5 % on BA's base dupla", async () => {
    const c = await setup();
    const res = await post(c.key, { type: "NFE", client: consumerInBahia, items: [item({ cfop: "6108", unitValue: 2000 }), item({ code: "IMP", cfop: "6108", unitValue: 300, icmsOrigin: "1" })], payments: [{ method: "PIX", value: 2300 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const d = (await detail(c.key, res.body.id)).body;
    expect(d.items.map((i: any) => [i.icms.rate, i.icms.amount, i.taxSources["icms.rate"]])).toEqual([["7.0000", "140.00", "default"], ["4.0000", "12.00", "default"]]);
    const stored = await db.fiscalDocumentItem.findMany({ where: { documentId: res.body.id }, orderBy: { position: "asc" } });
    expect(stored.map((i) => (i.taxes as any).difal)).toEqual([
      // (2000 − 140) / 0.795 = 2339.62; 2339.62 × 20.5 % − 140.00 = 339.62. (300 − 12) / 0.795 = 362.26; 74.26 − 12.00 = 62.26.
      { base: "2339.62", fcpBase: null, fcpRate: null, destinationRate: "20.5000", interstateRate: "7.0000", partitionRate: "100.0000", fcpAmount: null, destinationAmount: "339.62", originAmount: "0.00" },
      { base: "362.26", fcpBase: null, fcpRate: null, destinationRate: "20.5000", interstateRate: "4.0000", partitionRate: "100.0000", fcpAmount: null, destinationAmount: "62.26", originAmount: "0.00" },
    ]);
    expect(d.taxTotals.icmsTot).toMatchObject({ vICMS: "152.00", vFCPUFDest: "0.00", vICMSUFDest: "401.88", vICMSUFRemet: "0.00", vNF: "2300.00" });
  });

  it("a recipient exempt from the state registration (indIEDest 2) owes no DIFAL group (694/695 are for indIEDest 9)", async () => {
    const c = await setup();
    const res = await post(c.key, { type: "NFE", client: { ...consumerInBahia, name: "Associação Beneficente", document: "33000167000101", icmsTaxpayer: "ISENTO" }, items: [item({ cfop: "6108" })] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [line] = await db.fiscalDocumentItem.findMany({ where: { documentId: res.body.id } });
    expect((line!.taxes as any).difal).toBeNull();
    expect((line!.taxes as any).icms.rate).toBe("7.0000");
  });

  it("RJ's general FECP (2 %) enters the DIFAL as vFCPUFDest", async () => {
    const c = await setup();
    const res = await post(c.key, { type: "NFE", client: { ...consumerInBahia, state: "RJ", city: "Rio de Janeiro", municipalityCode: "3304557", zipCode: "20010000" }, items: [item({ cfop: "6108", unitValue: 1000 })] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [line] = await db.fiscalDocumentItem.findMany({ where: { documentId: res.body.id } });
    // SP → RJ is 12 %; RJ 20 % + 2 % FECP: DIFAL 8 % of 1000 = 80.00, FCP 20.00.
    expect((line!.taxes as any).difal).toMatchObject({ interstateRate: "12.0000", destinationRate: "20.0000", fcpRate: "2.0000", fcpAmount: "20.00", destinationAmount: "80.00" });
  });

  it("refuses a rate set on purpose above the interstate ceiling with 422 invalid_taxation naming 693", async () => {
    const c = await setup();
    const res = await post(c.key, { type: "NFE", client: consumerInBahia, items: [item({ cfop: "6108", icmsSituation: "00", icmsRate: 18 })] });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid_taxation");
    expect(res.body.message).toContain("items.0.icmsRate: 18 % is above the interstate ICMS rate of 7 % from SP to BA");
    expect(await db.fiscalDocument.count({ where: { companyId: c.companyId } })).toBe(0);
  });
});

describe("ST refusals", () => {
  it("CSOSN 500 without CEST (806) and CST 10 in an interstate sale to a consumer (508) are 422 invalid_taxation", async () => {
    const simples = await setup("SIMPLES_NACIONAL");
    const noCest = await post(simples.key, { type: "NFE", clientId: (await makeClient(simples.companyId)).id, items: [item({ cfop: "5405", icmsSituation: "500" })] });
    expect([noCest.status, noCest.body.code]).toEqual([422, "invalid_taxation"]);
    expect(noCest.body.message).toContain("cStat 806");
    const c = await setup();
    const st = await post(c.key, {
      type: "NFE", client: consumerInBahia,
      items: [item({ cfop: "6108", ncm: "22021000", cest: "0300700", icmsSituation: "10", icmsRate: 7, icmsStModBc: 4, icmsStMva: 40, icmsStRate: 18 })],
    });
    expect([st.status, st.body.code]).toEqual([422, "invalid_taxation"]);
    expect(st.body.message).toContain("cStat 508");
  });
});

describe("NFC-e refusals instead of silent drops", () => {
  it("transport 400, IPI 422, installments 400 invalid_duplicates, no payments 400", async () => {
    const c = await setup();
    const base = { type: "NFCE", client: { name: "Consumidor" }, items: [item()], payments: [{ method: "MONEY", value: 100 }] };
    const transport = await post(c.key, { ...base, transport: { freightType: "SENDER" } });
    expect([transport.status, transport.body.code]).toEqual([400, "validation_error"]);
    expect(transport.body.message).toContain("body.transport: an NFCE carries no transport");
    const ipi = await post(c.key, { ...base, items: [item({ ipiSituation: "50", ipiRate: 5 })] });
    expect([ipi.status, ipi.body.code]).toEqual([422, "invalid_taxation"]);
    expect(ipi.body.message).toContain("an NFC-e carries no IPI");
    const installments = await post(c.key, { ...base, duplicates: [{ dueDate: "2099-01-10", value: 100 }] });
    expect([installments.status, installments.body.code]).toEqual([400, "invalid_duplicates"]);
    const unpaid = await post(c.key, { ...base, payments: undefined });
    expect([unpaid.status, unpaid.body.code]).toEqual([400, "validation_error"]);
    expect(await db.fiscalDocument.count({ where: { companyId: c.companyId } })).toBe(0);
  });
});

describe("payments", () => {
  it("refuses payments below the total (865) and change not given in cash; accepts cash above the total", async () => {
    const c = await setup();
    const base = { type: "NFCE", client: { name: "Consumidor" }, items: [item()] };
    const short = await post(c.key, { ...base, payments: [{ method: "PIX", value: 90 }] });
    expect([short.status, short.body.code]).toEqual([400, "validation_error"]);
    expect(short.body.message).toContain("less than the document total of 100.00 (SEFAZ cStat 865)");
    const cardAbove = await post(c.key, { ...base, payments: [{ method: "CREDIT_CARD", value: 120 }] });
    expect(cardAbove.status).toBe(400);
    expect(cardAbove.body.message).toContain("only a cash (MONEY) payment");
    const cash = await post(c.key, { ...base, payments: [{ method: "PIX", value: 50 }, { method: "MONEY", value: 60 }] });
    expect(cash.status).toBe(201);
  });
});

describe("installments", () => {
  it("sorts them by due date and numbers them in that order; refuses one due on the issue date (853)", async () => {
    const c = await setup();
    const base = { type: "NFE", clientId: (await makeClient(c.companyId)).id, items: [item()], issueDateTime: "2026-11-23T15:00:00Z" };
    const res = await post(c.key, { ...base, duplicates: [{ dueDate: "2027-01-20", value: 50 }, { dueDate: "2026-12-20", value: 50 }] });
    expect(res.status).toBe(201);
    expect((await detail(c.key, res.body.id)).body.duplicates).toEqual([
      { number: "001", dueDate: "2026-12-20", value: "50.00" },
      { number: "002", dueDate: "2027-01-20", value: "50.00" },
    ]);
    const today = await post(c.key, { ...base, duplicates: [{ dueDate: "2026-11-23", value: 100 }] });
    expect([today.status, today.body.code]).toEqual([400, "invalid_duplicates"]);
    expect(today.body.message).toContain("cStat 853");
  });
});

describe("inline client", () => {
  it("stores the IE and contributor status it was checked with, and the sale is a contributor sale", async () => {
    const c = await setup();
    const res = await post(c.key, {
      type: "NFE",
      client: { name: "Atacado Mineiro Ltda", document: "33000167000101", state: "MG", city: "Belo Horizonte", municipalityCode: "3106200", stateRegistration: "062.307.904/0081", icmsTaxpayer: "CONTRIBUINTE" },
      items: [item({ cfop: "6102" })],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const client = await db.client.findFirstOrThrow({ where: { companyId: c.companyId, document: "33000167000101" } });
    expect(client).toMatchObject({ stateRegistration: "0623079040081", icmsTaxpayer: "CONTRIBUINTE" });
    const [line] = await db.fiscalDocumentItem.findMany({ where: { documentId: res.body.id } });
    // A contributor in MG (South/Southeast, like SP): 12 %, and no DIFAL group.
    expect((line!.taxes as any).icms.rate).toBe("12.0000");
    expect((line!.taxes as any).difal).toBeNull();
  });
});

describe("credit and debit notes", () => {
  it("carry IBS/CBS only, by type", async () => {
    const c = await setup();
    const key = "35261111222333000181550010000000011000000010";
    for (const note of [{ rtcDebitType: "04" }, { rtcCreditType: "01" }]) {
      const res = await post(c.key, { type: "NFE", clientId: (await makeClient(c.companyId)).id, items: [item({ cfop: "5949" })], referencedAccessKey: key, ...note });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const [line] = await db.fiscalDocumentItem.findMany({ where: { documentId: res.body.id } });
      expect(line!.taxes).toMatchObject({ icms: null, ipi: null, pis: null, cofins: null, ibsCbs: { cst: "000", amounts: { base: "100.00", cbsAmount: "0.90" } } });
      expect((await detail(c.key, res.body.id)).body.taxTotals.icmsTot).toMatchObject({ vBC: "0.00", vICMS: "0.00", vPIS: "0.00", vCOFINS: "0.00", vNF: "100.00" });
    }
  });
});

describe("IBS/CBS of a Simples Nacional issuer", () => {
  it("has no amounts unless the line declares its CST", async () => {
    const c = await setup("SIMPLES_NACIONAL");
    const clientId = (await makeClient(c.companyId)).id;
    const res = await post(c.key, { type: "NFE", clientId, items: [item(), item({ code: "B", ibsCbs: { cst: "000", cClassTrib: "000001" } })] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const items = (await detail(c.key, res.body.id)).body.items;
    expect(items[0].ibsCbs.amounts).toBeNull();
    expect(items[1].ibsCbs.amounts).toMatchObject({ base: "100.00", cbsAmount: "0.90", ibsStateAmount: "0.10" });
  });
});

describe("IBS/CBS reduced rates (gRed)", () => {
  it("a CST 200 line needs a cClassTrib of CST 200 (the table gives its reduction): 422 invalid_taxation otherwise", async () => {
    const c = await setup();
    const clientId = (await makeClient(c.companyId)).id;
    const res = await post(c.key, { type: "NFE", clientId, items: [item({ ibsCbs: { cst: "200", cClassTrib: "000001" } })] });
    expect([res.status, res.body.code]).toEqual([422, "invalid_taxation"]);
    expect(res.body.message).toContain("items.0: IBS/CBS CST 200 needs a cClassTrib of that CST");
    const ok = await post(c.key, { type: "NFE", clientId, items: [item({ ibsCbs: { cst: "200", cClassTrib: "200034" } })] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const [line] = (await detail(c.key, ok.body.id)).body.items;
    expect(line.ibsCbs.amounts).toMatchObject({ base: "100.00", ibsStateAmount: "0.04", cbsAmount: "0.36", reduction: { cbs: { reductionRate: "60.0000", effectiveRate: "0.3600" } } });
  });

  it("a class the official table does not allow on the model, or one needing a group we do not issue, is 422 invalid_taxation naming the line (1025, 1030)", async () => {
    const c = await setup();
    const clientId = (await makeClient(c.companyId)).id;
    const uniform = await post(c.key, { type: "NFE", clientId, items: [item({ ibsCbs: { cst: "011", cClassTrib: "011004" } })] });
    expect([uniform.status, uniform.body.code]).toEqual([422, "invalid_taxation"]);
    expect(uniform.body.message).toContain("items.0: IBS/CBS cClassTrib 011004 may not be used on an NF-e");
    const deferred = await post(c.key, { type: "NFE", clientId, items: [item({ ibsCbs: { cst: "510", cClassTrib: "510001" } })] });
    expect([deferred.status, deferred.body.code]).toEqual([422, "invalid_taxation"]);
    expect(deferred.body.message).toContain("items.0: IBS/CBS CST 510 requires the deferral group (gDif)");
  });
});
