import { describe, expect, it } from "vitest";
import { PATCH as update } from "@/app/v1/fiscal-documents/[id]/route";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { randomCpf } from "@/lib/br";
import { pdfText } from "@/lib/danfe/testing/pdf-tools";
import { getDocumentDanfe } from "@/lib/downloads/get-document-danfe";
import { makeClient } from "@/lib/documents/testing/fixtures";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { createEmittingCompany, draftBody, emitAndDrain } from "./testing/emission-fixtures";
import { simulatorFixture } from "./testing/simulator-company-fixture";

// Issue 36 item 12: an NFC-e without name or CPF is an anonymous sale (no
// client record, no <dest>, "CONSUMIDOR NÃO IDENTIFICADO" on the DANFCE), and
// a name typed on a document is never replaced by the registered client's.

simulatorFixture();

async function nfceCompany() {
  const company = await createEmittingCompany();
  await db.company.update({ where: { id: company.companyId }, data: { cscId: "000001", cscToken: "A1B2C3D4E5F6G7H8I9J0" } });
  return company;
}

const nfce = (overrides: Record<string, unknown> = {}) => {
  const { client: _client, ...body } = draftBody({ type: "NFCE", payments: [{ method: "MONEY", value: 100 }] });
  return { ...body, ...overrides };
};

const post = (key: string, body: unknown) => call(create, { method: "POST", path: "/v1/fiscal-documents", key, body });

describe("anonymous NFC-e", () => {
  it("is created without clientId or client, creates no client, is authorized without <dest> and prints CONSUMIDOR NÃO IDENTIFICADO", async () => {
    const company = await nfceCompany();
    const created = await post(company.key, nfce());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.client).toEqual({ id: null, name: "", document: "", documentType: "OTHER" });
    expect(await db.client.count({ where: { companyId: company.companyId } })).toBe(0);

    await emitAndDrain(company.companyId, created.body.id);
    const sent = await db.fiscalDocument.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(sent.status, sent.rejectionReason ?? "").toBe("AUTHORIZED");
    expect(sent.clientId).toBeNull();
    expect(sent.authorizedXml).not.toContain("<dest>");
    expect(sent.authorizedXml).toContain("<indFinal>1</indFinal>");
    const danfe = await getDocumentDanfe(company.companyId, sent.id, { download: false } as never);
    expect(pdfText(danfe.body as Buffer)).toContain("CONSUMIDOR NÃO IDENTIFICADO");
    expect(await db.client.count({ where: { companyId: company.companyId } })).toBe(0);
  });

  it("is an NFC-e privilege: an NF-e without a recipient is still 400", async () => {
    const company = await nfceCompany();
    const res = await post(company.key, nfce({ type: "NFE" }));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("send clientId or client");
  });

  it("an anonymous draft edited with a PATCH stays without a client record", async () => {
    const company = await nfceCompany();
    const created = await post(company.key, nfce());
    const patched = await call(update, { method: "PATCH", path: `/v1/fiscal-documents/${created.body.id}`, key: company.key, params: { id: created.body.id }, body: nfce({ additionalInfo: "Venda balcão" }) });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.client).toMatchObject({ id: null, name: "" });
    expect(await db.client.count({ where: { companyId: company.companyId } })).toBe(0);
  });
});

describe("a typed name", () => {
  it("is kept on the document when the CPF matches a registered client of another name, at creation and at emission", async () => {
    const company = await nfceCompany();
    const cpf = randomCpf();
    const registered = await makeClient(company.companyId, { name: "Maria Registrada", document: cpf, documentType: "CPF", type: "INDIVIDUAL" });
    const created = await post(company.key, nfce({ client: { name: "Maria Digitada", document: cpf } }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.client).toMatchObject({ id: registered.id, name: "Maria Digitada", document: cpf });
    expect(await db.client.count({ where: { companyId: company.companyId } })).toBe(1);
    expect((await db.client.findUniqueOrThrow({ where: { id: registered.id } })).name).toBe("Maria Registrada");

    await emitAndDrain(company.companyId, created.body.id);
    const sent = await db.fiscalDocument.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(sent.status, sent.rejectionReason ?? "").toBe("AUTHORIZED");
    // Re-taken from the record at emission (api.md), but the typed name stays.
    expect(sent.clientSnapshot).toMatchObject({ name: "Maria Digitada", nameAsTyped: true, document: cpf });
    expect(sent.authorizedXml).toContain(`<CPF>${cpf}</CPF>`);
  });

  it("a registered client chosen by id keeps following its record", async () => {
    const company = await nfceCompany();
    const registered = await makeClient(company.companyId, { name: "Cliente Antigo", document: randomCpf(), documentType: "CPF", type: "INDIVIDUAL" });
    const created = await post(company.key, nfce({ clientId: registered.id }));
    await db.client.update({ where: { id: registered.id }, data: { name: "Cliente Renomeado" } });
    await emitAndDrain(company.companyId, created.body.id);
    const sent = await db.fiscalDocument.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(sent.clientSnapshot).toMatchObject({ name: "Cliente Renomeado" });
    expect((sent.clientSnapshot as { nameAsTyped?: boolean }).nameAsTyped).toBeUndefined();
  });
});
