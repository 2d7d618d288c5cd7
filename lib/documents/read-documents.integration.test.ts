import { describe, expect, it } from "vitest";
import { GET as getDetail } from "@/app/v1/fiscal-documents/[id]/route";
import { GET as list, POST as create } from "@/app/v1/fiscal-documents/route";
import { createApiKey } from "@/lib/auth/api-keys";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { companyWithClient, item, makeCarrier, makeNfeRule, makeProduct, makeTemplate } from "./testing/fixtures";

const post = (key: string, body: unknown) => call(create, { method: "POST", path: "/v1/fiscal-documents", key, body });
const detail = (key: string, id: string) => call(getDetail, { path: `/v1/fiscal-documents/${id}`, key, params: { id } });
const get = (key: string, query = "") => call(list, { path: `/v1/fiscal-documents${query}`, key });

const setup = (environment: "PRODUCTION" | "HOMOLOGATION" = "PRODUCTION") => companyWithClient({ environment });

describe("GET /v1/fiscal-documents", () => {
  it("lists newest first with PRODUCTION by default, ALL for both, and filters by status and type", async () => {
    const c = await setup();
    const ids: string[] = [];
    // An NFC-e declares its payments (cStat 899 otherwise): cash, with change.
    for (const type of ["NFE", "NFCE", "NFE"]) ids.push((await post(c.key, { type, clientId: c.client.id, items: [item()], ...(type === "NFCE" ? { payments: [{ method: "MONEY", value: 1000 }] } : {}) })).body.id);
    // A homologation document of the same company (the environment changed later).
    await db.company.update({ where: { id: c.companyId }, data: { environment: "HOMOLOGATION" } });
    const homologation = (await post(c.key, { type: "NFE", clientId: c.client.id, items: [item()] })).body.id;
    await db.fiscalDocument.update({ where: { id: ids[0] }, data: { status: "AUTHORIZED", accessKey: "3".repeat(44), authorizationDate: new Date() } });

    const byDefault = await get(c.key);
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.data.map((d: any) => d.id)).toEqual([...ids].reverse());
    expect(byDefault.body.meta).toEqual({ page: 1, pageSize: 20, total: 3, totalPages: 1 });
    expect((await get(c.key, "?environment=ALL")).body.meta.total).toBe(4);
    expect((await get(c.key, "?environment=HOMOLOGATION")).body.data.map((d: any) => d.id)).toEqual([homologation]);
    expect((await get(c.key, "?type=NFCE")).body.data.map((d: any) => d.id)).toEqual([ids[1]]);
    const authorized = await get(c.key, "?status=AUTHORIZED");
    expect(authorized.body.data).toHaveLength(1);
    expect(authorized.body.data[0]).toMatchObject({
      id: ids[0], status: "AUTHORIZED", pdfUrl: `/v1/fiscal-documents/${ids[0]}/danfe`, xmlUrl: `/v1/fiscal-documents/${ids[0]}/xml`, runId: null,
    });
    const page2 = await get(c.key, "?pageSize=2&page=2");
    expect(page2.body.data.map((d: any) => d.id)).toEqual([ids[0]]);
    expect(page2.body.meta).toEqual({ page: 2, pageSize: 2, total: 3, totalPages: 2 });
    for (const bad of ["?environment=TEST", "?status=DONE", "?type=CTE", "?pageSize=101"]) {
      const res = await get(c.key, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
  });

  it("requires documents:read to list and read, documents:write to create", async () => {
    const c = await setup();
    const readOnly = await createApiKey({ companyId: c.companyId, name: "read", scopes: ["documents:read"] });
    const writeOnly = await createApiKey({ companyId: c.companyId, name: "write", scopes: ["documents:write"] });
    const denied = await post(readOnly.key, { type: "NFE", clientId: c.client.id, items: [item()] });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain("documents:write");
    const created = await post(writeOnly.key, { type: "NFE", clientId: c.client.id, items: [item()] });
    expect(created.status).toBe(201);
    expect((await get(writeOnly.key)).status).toBe(403);
    expect((await detail(writeOnly.key, created.body.id)).status).toBe(403);
    expect((await detail(readOnly.key, created.body.id)).status).toBe(200);
    expect((await get("")).status).toBe(401);
  });
});

describe("GET /v1/fiscal-documents/{id}", () => {
  it("returns every detail field, with events and their delivery data", async () => {
    const c = await setup();
    const created = await post(c.key, { type: "NFE", clientId: c.client.id, items: [item()], additionalInfo: "Pedido 42" });
    await db.fiscalDocument.update({
      where: { id: created.body.id },
      data: { status: "CANCELLED", protocolNumber: "135260000000001", cancellationReason: "Erro na digitação do pedido", cancellationDate: new Date("2026-11-21T12:00:00Z") },
    });
    await db.documentEvent.create({
      data: { documentId: created.body.id, companyId: c.companyId, kind: "DELIVERY_RECEIPT", eventCode: "110130", outcome: "AUTHORIZED", cStat: "135", protocol: "135260000000002", details: { deliveredAt: "2026-11-21T10:00:00-03:00", receiverName: "Maria", receiverDocument: "52998224725" } },
    });
    const res = await detail(c.key, created.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.body.id, status: "CANCELLED", nfseNumber: null, verificationCode: null, protocolNumber: "135260000000001", rejectionReason: null,
      cancellationReason: "Erro na digitação do pedido", cancellationDate: "2026-11-21T12:00:00.000Z", transport: null, additionalInfo: "Pedido 42",
      pdfUrl: `/v1/fiscal-documents/${created.body.id}/danfe`, operationNature: "VENDA DE MERCADORIA", purpose: "NORMAL",
    });
    expect(res.body.events).toEqual([
      expect.objectContaining({ kind: "DELIVERY_RECEIPT", eventCode: "110130", protocol: "135260000000002", delivery: { deliveredAt: "2026-11-21T10:00:00-03:00", receiverName: "Maria", receiverDocument: "52998224725" } }),
    ]);
    expect(res.body.items[0]).toMatchObject({ position: 1, quantity: "1.0000", grossValue: "100.00", ncm: "84713012", cfop: "5102", icms: { cst: "00", amount: "18.00" } });
    expect(res.body.items[0].ibsCbs).toEqual({
      cst: "000", cClassTrib: "000001", adjustment: null, creditReversal: null, zfmPresumedCredit: null, referencedItem: null,
      amounts: { base: "100.00", ibsStateRate: "0.1000", ibsStateAmount: "0.10", ibsMunicipalRate: "0.0000", ibsMunicipalAmount: "0.00", ibsAmount: "0.10", cbsRate: "0.9000", cbsAmount: "0.90" },
    });
    expect(res.body.taxTotals).toMatchObject({ rtcIbsTotal: "0.10", rtcCbsTotal: "0.90" });
  });
});

describe("cross-company isolation", () => {
  it("company B cannot read A's documents nor reference A's clients, products, carriers, rules or templates", async () => {
    const a = await setup();
    const b = await setup();
    const aDocument = (await post(a.key, { type: "NFE", clientId: a.client.id, items: [item()] })).body.id;
    const aProduct = await makeProduct(a.companyId, { ncm: "84713012" });
    const aCarrier = await makeCarrier(a.companyId, [{ plate: "ABC1234", state: "SP" }]);
    const aRule = await makeNfeRule(a.companyId, [{}]);
    const aTemplate = await makeTemplate({ source: "COMPANY", companyId: a.companyId });

    const read = await detail(b.key, aDocument);
    expect(read.status).toBe(404);
    expect(read.body.code).toBe("not_found");
    expect((await get(b.key, "?environment=ALL")).body.data.map((d: any) => d.id)).not.toContain(aDocument);

    const base = { type: "NFE", clientId: b.client.id, items: [item()] };
    const attempts: Array<[unknown, string]> = [
      [{ ...base, clientId: a.client.id }, "invalid_client"],
      [{ ...base, items: [item({ productId: aProduct.id })] }, "invalid_product"],
      [{ ...base, transport: { carrierId: aCarrier.id } }, "invalid_carrier"],
      [{ ...base, taxRuleId: aRule.id }, "invalid_tax_rule"],
      [{ ...base, items: [item({ taxRuleId: aRule.id })] }, "invalid_tax_rule"],
      [{ ...base, templateId: aTemplate.id }, "invalid_template"],
    ];
    for (const [body, code] of attempts) {
      const res = await post(b.key, body);
      expect(res.status, code).toBe(422);
      expect(res.body.code).toBe(code);
    }
    expect(await db.fiscalDocument.count({ where: { companyId: b.companyId } })).toBe(0);
  });
});
