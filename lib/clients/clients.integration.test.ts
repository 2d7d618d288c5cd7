import { describe, expect, it } from "vitest";
import * as collection from "@/app/v1/clients/route";
import * as member from "@/app/v1/clients/[id]/route";
import { completeCnpj, completeCpf } from "@/lib/br";
import { createTestCompany, db } from "@/test/factories";
import { createClient } from "./client-service";
import { findOrCreateInlineClient } from "./lookup";
import { registerCalls } from "@/test/http";

const cnpj = completeCnpj("112223330001");
const cpf = completeCpf("123456789");

const { post, get, patch, remove, list } = registerCalls("/v1/clients", collection, member);

describe("POST /v1/clients", () => {
  it("creates a client and infers type and documentType from a CNPJ or a CPF", async () => {
    const company = await createTestCompany();
    const res = await post(company.key, { name: "ACME Ltda", document: "11.222.333/0001-81", email: "a@acme.com", state: "sp", municipalityCode: "3550308", zipCode: "01310-100" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(String), name: "ACME Ltda", document: "11222333000181", documentType: "CNPJ", type: "COMPANY", state: "SP", zipCode: "01310100", isActive: true });
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    expect(res.body.companyId).toBeUndefined();
    const person = await post(company.key, { name: "Maria", document: cpf });
    expect(person.body).toMatchObject({ documentType: "CPF", type: "INDIVIDUAL", document: cpf });
  });

  it("accepts an empty document (final consumer) more than once", async () => {
    const company = await createTestCompany();
    for (const name of ["Consumidor A", "Consumidor B"]) {
      const res = await post(company.key, { name, document: "" });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ document: "", documentType: "OTHER", type: "INDIVIDUAL" });
    }
  });

  it("keeps explicit types: a foreign client with a free-text document", async () => {
    const company = await createTestCompany();
    const res = await post(company.key, { name: "Globex Inc", document: "US-99-1234", documentType: "FOREIGN", state: "EX" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ documentType: "FOREIGN", type: "FOREIGN", document: "US-99-1234", state: "EX" });
  });

  it("refuses wrong CPF/CNPJ check digits, an ambiguous document and a missing name with 400 validation_error", async () => {
    const company = await createTestCompany();
    for (const body of [{ name: "x", document: "11222333000182" }, { name: "x", document: "12345678900" }, { name: "x", document: "123" }, { document: cnpj }, { name: "x", email: "not-an-email" }, { name: "x", state: "ZZ" }]) {
      const res = await post(company.key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
    expect(await db.client.count({ where: { companyId: company.companyId } })).toBe(0);
  });

  it("checks the IE against the client's state (check digits), on create, on PATCH of either field, and for inline clients", async () => {
    const company = await createTestCompany();
    const refused = await post(company.key, { name: "Mercado", state: "SP", stateRegistration: "110042490115" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "validation_error", message: expect.stringMatching(/^body\.stateRegistration: .*SP/) });
    for (const ie of ["110.042.490.114", "ISENTO"]) {
      const res = await post(company.key, { name: `Mercado ${ie}`, state: "SP", stateRegistration: ie });
      expect(res.status, res.text).toBe(201);
    }
    // Abroad (EX) or without a state there is nothing to check against.
    const foreign = await post(company.key, { name: "Foreign", state: "EX", stateRegistration: "123" });
    expect(foreign.status, foreign.text).toBe(201);
    const created = await post(company.key, { name: "Atacado", state: "SP", stateRegistration: "110042490114" });
    expect((await patch(company.key, created.body.id, { state: "RJ" })).status).toBe(400);
    expect((await patch(company.key, created.body.id, { state: "RJ", stateRegistration: "99999993" })).status).toBe(200);
    await expect(findOrCreateInlineClient(company.companyId, { name: "Inline", document: completeCnpj("998877660001"), state: "MG", stateRegistration: "0623079040080" })).rejects.toMatchObject({
      code: "validation_error",
      message: expect.stringMatching(/^body\.client\.stateRegistration: /),
    });
  });

  it("refuses a document already registered in the company with 422 duplicate_document", async () => {
    const company = await createTestCompany();
    expect((await post(company.key, { name: "A", document: cnpj })).status).toBe(201);
    const again = await post(company.key, { name: "B", document: "11.222.333/0001-81" });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe("duplicate_document");
    // Another company may register the same document.
    const other = await createTestCompany();
    expect((await post(other.key, { name: "A", document: cnpj })).status).toBe(201);
  });

  it("creates one client when the same document is posted ten times at once (the others 422), and answers what GET reads", async () => {
    const company = await createTestCompany();
    const document = completeCpf("987654321");
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(company.key, { name: `Racer ${i}`, document, email: `r${i}@example.com`, fantasyName: "" })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(9).fill(422)]);
    const created = answers.find((answer) => answer.status === 201)!.body;
    for (const refused of answers.filter((answer) => answer.status === 422)) expect(refused.body.message).toContain(created.id);
    // The created answer is the row as read back (same keys, order and values; "" stored as null).
    expect(created.fantasyName).toBeNull();
    expect(JSON.stringify((await get(company.key, created.id)).body)).toBe(JSON.stringify(created));
  });

  it("creates inside a caller's Prisma transaction, and a duplicate there is refused with the same error", async () => {
    const company = await createTestCompany();
    const document = completeCpf("876543219");
    const created = await db.$transaction((tx) => createClient(company.companyId, { name: "In a transaction", document, isActive: false, stateRegistration: "" }, tx));
    expect(created).toMatchObject({ name: "In a transaction", document, documentType: "CPF", type: "INDIVIDUAL", isActive: false, stateRegistration: null });
    expect(JSON.stringify((await get(company.key, created.id)).body)).toBe(JSON.stringify(created));
    await expect(db.$transaction((tx) => createClient(company.companyId, { name: "Again", document }, tx))).rejects.toMatchObject({ status: 422, code: "duplicate_document" });
  });

  it("requires the clients:write scope", async () => {
    const company = await createTestCompany({ scopes: ["clients:read"] });
    const res = await post(company.key, { name: "A" });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("insufficient_scope");
    const reader = await createTestCompany({ scopes: ["clients:write"] });
    expect((await list(reader.key)).status).toBe(403);
  });
});

describe("GET /v1/clients", () => {
  it("searches name, document, email and fantasy name, filters and paginates", async () => {
    const company = await createTestCompany();
    await post(company.key, { name: "Padaria Central", document: cnpj, state: "SP" });
    await post(company.key, { name: "João", document: cpf, email: "joao@example.com", state: "RJ" });
    await post(company.key, { name: "Mercado X", fantasyName: "Superbom", state: "RJ", isActive: false });
    const names = async (q: string) => (await list(company.key, q)).body.data.map((c: { name: string }) => c.name);
    expect(await names("?search=padaria")).toEqual(["Padaria Central"]);
    expect(await names("?search=11.222.333")).toEqual(["Padaria Central"]);
    expect(await names("?search=EXAMPLE.COM")).toEqual(["João"]);
    expect(await names("?search=superbom")).toEqual(["Mercado X"]);
    expect(await names("?state=RJ")).toEqual(["João", "Mercado X"]);
    expect(await names("?documentType=CPF")).toEqual(["João"]);
    expect(await names("?isActive=false")).toEqual(["Mercado X"]);
    expect(await names("?isActive=true&state=RJ")).toEqual(["João"]);
    const page = await list(company.key, "?pageSize=2&page=2");
    expect(page.body.meta).toEqual({ page: 2, pageSize: 2, total: 3, totalPages: 2 });
    expect(page.body.data).toHaveLength(1);
    expect((await list(company.key, "?isActive=maybe")).status).toBe(400);
  });
});

describe("PATCH and DELETE /v1/clients/{id}", () => {
  it("changes only the fields sent and clears with null", async () => {
    const company = await createTestCompany();
    const created = (await post(company.key, { name: "A", document: cnpj, email: "a@a.com", city: "São Paulo" })).body;
    const res = await patch(company.key, created.id, { email: null, street: "Rua 1" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "A", document: cnpj, email: null, city: "São Paulo", street: "Rua 1", documentType: "CNPJ" });
    const retyped = await patch(company.key, created.id, { document: cpf });
    expect(retyped.body).toMatchObject({ document: cpf, documentType: "CPF", type: "INDIVIDUAL" });
    expect((await patch(company.key, created.id, { document: "00000000000" })).status).toBe(400);
  });

  it("refuses to move a client onto another client's document with 422", async () => {
    const company = await createTestCompany();
    await post(company.key, { name: "A", document: cnpj });
    const b = (await post(company.key, { name: "B", document: cpf })).body;
    const res = await patch(company.key, b.id, { document: cnpj });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("duplicate_document");
    // Re-sending its own document is not a duplicate.
    expect((await patch(company.key, b.id, { document: cpf, name: "B2" })).status).toBe(200);
  });

  it("removes a client without documents (204) and answers 409 when documents link to it", async () => {
    const company = await createTestCompany();
    const free = (await post(company.key, { name: "Free" })).body;
    const res = await remove(company.key, free.id);
    expect(res.status).toBe(204);
    expect((await get(company.key, free.id)).status).toBe(404);

    const linked = (await post(company.key, { name: "Linked", document: cnpj })).body;
    await db.fiscalDocument.create({
      data: {
        companyId: company.companyId, type: "NFE", environment: "HOMOLOGATION", clientId: linked.id, clientSnapshot: {},
        operationNature: "Venda", issueDateTime: new Date(), productsTotal: "10", totalValue: "10", taxTotals: {},
      },
    });
    const refused = await remove(company.key, linked.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("client_has_documents");
    expect((await get(company.key, linked.id)).status).toBe(200);
  });
});

describe("company isolation", () => {
  it("company B cannot read, list, change or delete company A's client", async () => {
    const a = await createTestCompany();
    const b = await createTestCompany();
    const client = (await post(a.key, { name: "Secret", document: cnpj })).body;
    expect((await get(b.key, client.id)).status).toBe(404);
    expect((await patch(b.key, client.id, { name: "Hacked" })).status).toBe(404);
    expect((await remove(b.key, client.id)).status).toBe(404);
    expect((await list(b.key, "?search=Secret")).body.data).toEqual([]);
    expect((await get(a.key, client.id)).body.name).toBe("Secret");
    // Referenced from a document body, another company's client is 422 invalid_client (lib/documents create tests).
  });

  it("an inline client is reused by document within the company, never across companies", async () => {
    const a = await createTestCompany();
    const b = await createTestCompany();
    const existing = (await post(a.key, { name: "ACME", document: cnpj })).body;
    expect((await findOrCreateInlineClient(a.companyId, { name: "ACME again", document: "11.222.333/0001-81" })).id).toBe(existing.id);
    const inB = await findOrCreateInlineClient(b.companyId, { name: "ACME", document: cnpj });
    expect(inB.id).not.toBe(existing.id);
    expect(inB.companyId).toBe(b.companyId);
  });
});
