import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createDraft, createEmittingCompany, startTestSimulator } from "@/lib/emission/testing/emission-fixtures";
import { createTestCompany, db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { POST as cancelRoute } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { GET as danfeRoute } from "@/app/v1/fiscal-documents/[id]/danfe/route";
import { GET as xmlRoute } from "@/app/v1/fiscal-documents/[id]/xml/route";

let simulator: SimulatorServer;
let company: TestCompany;
beforeAll(async () => {
  simulator = await startTestSimulator();
  company = await createEmittingCompany();
});
afterAll(async () => {
  await simulator?.close();
});

const dir = mkdtempSync(path.join(tmpdir(), "danfe-"));

async function download(handler: typeof xmlRoute, id: string, query: string, key = company.key) {
  const request = new Request(`http://localhost/v1/fiscal-documents/${id}/${query}`, { headers: { authorization: `Bearer ${key}` } });
  const response = await handler(request, { params: Promise.resolve({ id }) });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The PDF's text as pdftotext (poppler-utils) extracts it. */
function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
}

const groupsOf4 = (key: string) => key.replace(/(.{4})(?=.)/g, "$1 ");

describe("GET /v1/fiscal-documents/{id}/xml", () => {
  it("returns the authorized nfeProc, or the signed NFe, inline or as an attachment", async () => {
    const document = await authorizedDocument(company.companyId);
    const authorized = await download(xmlRoute, document.id, "xml");
    expect(authorized.status).toBe(200);
    expect(authorized.headers.get("content-type")).toContain("application/xml");
    expect(authorized.headers.get("content-disposition")).toBe(`inline; filename="${document.accessKey}-nfe.xml"`);
    expect(authorized.bytes.toString("utf8")).toBe(document.authorizedXml);
    expect(authorized.bytes.toString("utf8")).toMatch(/^(<\?xml[^>]*>)?<nfeProc/);

    const attachment = await download(xmlRoute, document.id, "xml?type=authorized&download=true");
    expect(attachment.headers.get("content-disposition")).toBe(`attachment; filename="${document.accessKey}-nfe.xml"`);

    const signed = await download(xmlRoute, document.id, "xml?type=signed&download=true");
    expect(signed.status).toBe(200);
    expect(signed.bytes.toString("utf8")).toBe(document.signedXml);
    expect(signed.bytes.toString("utf8")).toMatch(/^(<\?xml[^>]*>)?<NFe/);
    expect(signed.headers.get("content-disposition")).toContain("attachment");
  });

  it("answers 404 document_not_available when there is no such XML, 404 for another company, 400 for a bad type", async () => {
    const draft = await createDraft(company.companyId);
    for (const query of ["xml", "xml?type=signed"]) {
      const res = await call(xmlRoute, { path: `/v1/fiscal-documents/${draft.id}/${query}`, key: company.key, params: { id: draft.id } });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("document_not_available");
    }
    const document = await authorizedDocument(company.companyId);
    const other = await createTestCompany();
    expect((await call(xmlRoute, { path: `/v1/fiscal-documents/${document.id}/xml`, key: other.key, params: { id: document.id } })).status).toBe(404);
    expect((await call(xmlRoute, { path: `/v1/fiscal-documents/${document.id}/xml?type=pdf`, key: company.key, params: { id: document.id } })).status).toBe(400);
    const noScope = await createTestCompany({ scopes: ["documents:write"] });
    expect((await call(xmlRoute, { path: `/v1/fiscal-documents/${document.id}/xml`, key: noScope.key, params: { id: document.id } })).status).toBe(403);
  });
});

describe("GET /v1/fiscal-documents/{id}/danfe", () => {
  it("renders the NF-e DANFE with extractable key, issuer, items and the homologation mark", async () => {
    const document = await authorizedDocument(company.companyId, { overrides: { duplicates: [{ dueDate: "2027-01-15", value: 40 }, { dueDate: "2027-02-15", value: 60 }] } });
    const res = await download(danfeRoute, document.id, "danfe?download=true");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${document.accessKey}-danfe.pdf"`);
    expect(res.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(res.bytes);
    expect(text).toContain("DANFE");
    expect(text).toContain(groupsOf4(document.accessKey!));
    expect(text).toContain(`Test Company ${company.cnpj}`);
    expect(text).toContain("Café torrado 500 g");
    // The watermark itself, not only the homologation recipient name.
    expect(text).toMatch(/^SEM VALOR FISCAL$/m);
    expect(text).toContain(document.protocolNumber!);
    expect(text).toContain("FATURA / DUPLICATAS");
    expect(text).toContain("Venc. 15/01/2027");
    expect(text).not.toContain("CANCELADA");
  });

  it("marks a cancelled document CANCELADA", async () => {
    const document = await authorizedDocument(company.companyId);
    const cancelled = await call(cancelRoute, { method: "POST", path: "/", key: company.key, body: { justification: "Pedido cancelado pelo cliente final" }, params: { id: document.id } });
    expect(cancelled.status).toBe(200);
    const res = await download(danfeRoute, document.id, "danfe");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("inline");
    expect(pdfText(res.bytes)).toContain("CANCELADA");
  });

  it("informs the NFC-e's approximate taxes (Lei 12.741/2012) from its own ICMS, PIS and COFINS when no IBPT table is configured", async () => {
    // The draft's line: 100.00 with ICMS 18 % (18.00), PIS 1.65 % (1.65), COFINS 7.6 % (7.60).
    const document = await authorizedDocument(company.companyId, { type: "NFCE" });
    expect(document.authorizedXml!.match(/<vTotTrib>27\.25<\/vTotTrib>/g)).toHaveLength(2);
    const res = await download(danfeRoute, document.id, "danfe");
    expect(pdfText(res.bytes).replace(/\s+/g, " ")).toContain("Tributos totais incidentes (Lei Federal 12.741/2012): R$ 27,25");
  });

  it("renders the DANFE NFC-e on an 80 mm roll with the QR code and consultation URL", async () => {
    const document = await authorizedDocument(company.companyId, { type: "NFCE" });
    const res = await download(danfeRoute, document.id, "danfe");
    expect(res.status).toBe(200);
    const text = pdfText(res.bytes);
    expect(text).toContain("DANFE NFC-e");
    expect(text).toContain("Consulte pela Chave de Acesso em");
    expect(text).toContain(groupsOf4(document.accessKey!));
    expect(text).toContain("SEM VALOR FISCAL");
    const urlChave = /<urlChave>([^<]+)<\/urlChave>/.exec(document.authorizedXml!)?.[1];
    expect(urlChave).toBeTruthy();
    // A URL wider than the roll is broken over lines (react-pdf would clip it): compare without line breaks.
    expect(text.replace(/\s+/g, "")).toContain(urlChave!);
    // Page width 80 mm (226.77 pt) and one image (its alpha mask aside): the QR code.
    const file = path.join(dir, "nfce.pdf");
    writeFileSync(file, res.bytes);
    expect(execFileSync("pdfinfo", [file], { encoding: "utf8" })).toMatch(/Page size:\s+226\.77 x/);
    const images = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }).trim().split("\n").slice(2);
    expect(images.filter((line) => line.split(/\s+/)[3] === "image")).toHaveLength(1);
  });

  it("answers 404 document_not_available before authorization", async () => {
    const draft = await createDraft(company.companyId);
    const res = await call(danfeRoute, { path: `/v1/fiscal-documents/${draft.id}/danfe`, key: company.key, params: { id: draft.id } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("document_not_available");
    expect(await db.fiscalDocument.count({ where: { id: draft.id, status: "DRAFT" } })).toBe(1);
  });
});
