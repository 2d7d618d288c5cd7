import { describe, expect, it } from "vitest";
import { GET as getDetail } from "@/app/v1/fiscal-documents/[id]/route";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { configureCompanyDefaults, item, makeClient, makeProduct } from "./testing/fixtures";

const post = (key: string, body: unknown) => call(create, { method: "POST", path: "/v1/fiscal-documents", key, body });

async function setup() {
  const company = await createTestCompany();
  await configureCompanyDefaults(company.companyId);
  return company;
}

const counts = async (companyId: string) => ({
  documents: await db.fiscalDocument.count({ where: { companyId } }),
  clients: await db.client.count({ where: { companyId } }),
});

describe("POST /v1/fiscal-documents: recipient", () => {
  it("asks for clientId or client when neither is sent, and for only one when both are; nothing is created", async () => {
    const company = await setup();
    const client = await makeClient(company.companyId);
    const neither = await post(company.key, { type: "NFE", items: [item()] });
    expect(neither.status).toBe(400);
    expect(neither.body).toMatchObject({ statusCode: 400, code: "validation_error" });
    expect(neither.body.message).toContain("send clientId or client");
    const both = await post(company.key, { type: "NFE", clientId: client.id, client: { name: "Outro", document: "" }, items: [item()] });
    expect(both.status).toBe(400);
    expect(both.body.code).toBe("validation_error");
    expect(both.body.message).toContain("send only one of clientId and client");
    expect(await counts(company.companyId)).toEqual({ documents: 0, clients: 1 });
  });

  it("answers 422 invalid_client for a client of another company", async () => {
    const a = await setup();
    const b = await setup();
    const foreign = await makeClient(a.companyId);
    const res = await post(b.key, { type: "NFE", clientId: foreign.id, items: [item()] });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid_client");
  });

  it("creates an inline client once and reuses it by document, inferring CNPJ/COMPANY", async () => {
    const company = await setup();
    const inline = { name: "Compradora SA", document: "11.222.333/0001-81", state: "SP", city: "São Paulo" };
    const first = await post(company.key, { type: "NFE", client: inline, items: [item()] });
    const second = await post(company.key, { type: "NFE", client: { ...inline, name: "Compradora S.A." }, items: [item()] });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.client.id).toBe(first.body.client.id);
    expect(first.body.client).toMatchObject({ name: "Compradora SA", document: "11222333000181", documentType: "CNPJ" });
    // The record is reused, but the name typed on the second document is its own (issue 36 item 12).
    expect(second.body.client).toMatchObject({ name: "Compradora S.A.", document: "11222333000181" });
    const stored = await db.client.findMany({ where: { companyId: company.companyId } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ type: "COMPANY", documentType: "CNPJ" });
  });

  it("keeps the client snapshot when the client is later edited or removed", async () => {
    const company = await setup();
    const client = await makeClient(company.companyId, { name: "Nome Original" });
    const created = await post(company.key, { type: "NFE", clientId: client.id, items: [item()] });
    await db.client.update({ where: { id: client.id }, data: { name: "Nome Alterado", document: "52998224725", documentType: "CPF" } });
    let detail = await call(getDetail, { path: `/v1/fiscal-documents/${created.body.id}`, key: company.key, params: { id: created.body.id } });
    expect(detail.body.client).toMatchObject({ id: client.id, name: "Nome Original", document: client.document, documentType: "CNPJ" });
    await db.client.delete({ where: { id: client.id } });
    detail = await call(getDetail, { path: `/v1/fiscal-documents/${created.body.id}`, key: company.key, params: { id: created.body.id } });
    expect(detail.body.client).toMatchObject({ id: client.id, name: "Nome Original", documentType: "CNPJ" });
    expect(detail.body.clientSnapshot).toMatchObject({ name: "Nome Original", state: "SP" });
  });
});

describe("POST /v1/fiscal-documents: the draft", () => {
  it("creates a DRAFT with number 0, runId null, the default operation nature, externalId and issueDateTime", async () => {
    const company = await setup();
    const client = await makeClient(company.companyId);
    const res = await post(company.key, {
      type: "NFE", clientId: client.id, externalId: "PEDIDO-42", issueDateTime: "2026-11-20T10:00:00-03:00",
      items: [item({ quantity: 2, unitValue: 50.5 })],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: "NFE", status: "DRAFT", number: 0, series: null, accessKey: null, runId: null, environment: "HOMOLOGATION",
      totalValue: "101.00", issueDateTime: "2026-11-20T13:00:00.000Z", authorizationDate: null, pdfUrl: null, xmlUrl: null, externalId: "PEDIDO-42",
    });
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored.operationNature).toBe("VENDA DE MERCADORIA");
  });

  it("validates items: at least one, quantity > 0, unitValue >= 0", async () => {
    const company = await setup();
    const client = await makeClient(company.companyId);
    for (const [items, path] of [[[], "body.items"], [[item({ quantity: 0 })], "body.items.0.quantity"], [[item({ unitValue: -1 })], "body.items.0.unitValue"]] as const) {
      const res = await post(company.key, { type: "NFE", clientId: client.id, items });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.message).toContain(path);
    }
    expect((await counts(company.companyId)).documents).toBe(0);
  });

  it("stores payments with card data and requires a description for OTHERS", async () => {
    const company = await setup();
    const client = await makeClient(company.companyId);
    const missing = await post(company.key, { type: "NFE", clientId: client.id, items: [item()], payments: [{ method: "OTHERS", value: 100 }] });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("body.payments.0.description");
    const badFlag = await post(company.key, { type: "NFE", clientId: client.id, items: [item()], payments: [{ method: "CREDIT_CARD", value: 100, cardFlag: "ACME" }] });
    expect(badFlag.status).toBe(400);
    const ok = await post(company.key, {
      type: "NFE", clientId: client.id, items: [item()],
      payments: [
        { method: "CREDIT_CARD", value: 60, cardFlag: "VISA", cardCNPJ: "11.222.333/0001-81", cardAuthorization: "A1B2" },
        { method: "OTHERS", value: 40, description: "Vale-presente" },
      ],
    });
    expect(ok.status).toBe(201);
    const detail = await call(getDetail, { path: "/x", key: company.key, params: { id: ok.body.id } });
    expect(detail.body.payments).toEqual([
      { method: "CREDIT_CARD", value: "60.00", description: null, cardFlag: "VISA", cardCNPJ: "11222333000181", cardAuthorization: "A1B2", pixKey: null, pixTxId: null },
      { method: "OTHERS", value: "40.00", description: "Vale-presente", cardFlag: null, cardCNPJ: null, cardAuthorization: null, pixKey: null, pixTxId: null },
    ]);
  });

  it("creates nothing (not even the inline client) when a later rule fails", async () => {
    const company = await setup();
    const other = await setup();
    const foreignProduct = await makeProduct(other.companyId);
    const res = await post(company.key, { type: "NFE", client: { name: "Novo Cliente", document: "52998224725" }, items: [item({ productId: foreignProduct.id })] });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid_product");
    expect(await counts(company.companyId)).toEqual({ documents: 0, clients: 0 });
  });

  it("with emit true answers PROCESSING with a runId and queues the run", async () => {
    const company = await setup();
    const client = await makeClient(company.companyId);
    const res = await post(company.key, { type: "NFE", clientId: client.id, items: [item()], emit: true });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("PROCESSING");
    expect(res.body.runId).toEqual(expect.any(String));
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored).toMatchObject({ status: "PROCESSING", runId: res.body.runId, number: 0 });
    expect(await db.backgroundRun.count({ where: { id: res.body.runId } })).toBe(1);
  });

  it("queues an NFSE with emit true like the other types (national NFS-e, issue 14)", async () => {
    const company = await setup();
    const client = await makeClient(company.companyId);
    const res = await post(company.key, { type: "NFSE", clientId: client.id, items: [item({ serviceCode: "001", nationalServiceCode: "010101" })], emit: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: "NFSE", status: "PROCESSING", runId: expect.any(String) });
  });
});
