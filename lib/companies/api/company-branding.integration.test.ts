import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getSettings, PATCH as patchSettings } from "@/app/v1/companies/[id]/fiscal-settings/route";
import { DELETE as deleteLogo, GET as getLogo, PUT as putLogo } from "@/app/v1/companies/[id]/logo/route";
import { GET as danfeRoute } from "@/app/v1/fiscal-documents/[id]/danfe/route";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { createAccountApiKey } from "@/lib/auth/account-api-keys";
import { ACCOUNT_SCOPES } from "@/lib/contracts/scopes";
import { pdfText } from "@/lib/danfe/testing/pdf-tools";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createEmittingCompany, startTestSimulator } from "@/lib/emission/testing/emission-fixtures";
import { db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";

// The company's branding through the companies API (issue 58 item 4, docs/api-notes/branding.md):
// PUT/GET/DELETE /v1/companies/{id}/logo with account keys, and the DANFE options (danfeCanhoto,
// documentFooterMessage) in PATCH /v1/companies/{id}/fiscal-settings, down to the DANFE printed.

const fixture = (name: string) => readFileSync(new URL(`../../branding/testing/${name}`, import.meta.url));
const jpeg = fixture("logo-240x120.jpg");
const png = fixture("logo-160-alpha.png");

let simulator: SimulatorServer;
let company: TestCompany;
let writer: string;
let reader: string;
let stranger: string;
const at = (tail: string, id = company.companyId) => ({ path: `/v1/companies/${id}${tail}`, params: { id } });

beforeAll(async () => {
  simulator = await startTestSimulator();
  company = await createEmittingCompany();
  writer = (await createAccountApiKey({ tenantId: company.tenantId, name: "ERP", scopes: [...ACCOUNT_SCOPES] })).key;
  reader = (await createAccountApiKey({ tenantId: company.tenantId, name: "BI", scopes: ["companies:read"] })).key;
  const otherTenant = await db.tenant.create({ data: { name: "Another software house" } });
  stranger = (await createAccountApiKey({ tenantId: otherTenant.id, name: "ERP", scopes: [...ACCOUNT_SCOPES] })).key;
});
afterAll(async () => {
  await simulator?.close();
});

async function danfeText(id: string): Promise<string> {
  const response = await danfeRoute(new Request(`http://localhost/v1/fiscal-documents/${id}/danfe`, { headers: { authorization: `Bearer ${company.key}` } }), { params: Promise.resolve({ id }) });
  expect(response.status).toBe(200);
  return pdfText(Buffer.from(await response.arrayBuffer())).replace(/\s+/g, " ");
}

describe("company branding through /v1/companies", () => {
  it("uploads, reads, downloads, replaces and removes the logo; refuses a bad file with 422 invalid_logo", async () => {
    expect((await call(getLogo, { ...at("/logo"), key: reader })).body).toEqual({ logo: null });
    expect((await call(getLogo, { ...at("/logo?download=true"), key: reader })).status).toBe(404);

    const put = await call(putLogo, { ...at("/logo"), method: "PUT", key: writer, body: { contentType: "image/jpeg", base64: jpeg.toString("base64") } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ contentType: "image/jpeg", width: 240, height: 120, sizeBytes: jpeg.length, printOnDocuments: true });
    expect((await call(getLogo, { ...at("/logo"), key: reader })).body.logo).toMatchObject({ contentType: "image/jpeg", width: 240, height: 120 });
    const download = await getLogo(new Request(`http://localhost/v1/companies/${company.companyId}/logo?download=true`, { headers: { authorization: `Bearer ${reader}` } }), { params: Promise.resolve({ id: company.companyId }) });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/jpeg");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${company.companyId}-logo.jpg"`);
    expect(Buffer.from(await download.arrayBuffer()).equals(jpeg)).toBe(true);

    // Replaced with printing off in the same call; the stored row is the new file.
    const replaced = await call(putLogo, { ...at("/logo"), method: "PUT", key: writer, body: { contentType: "image/png", base64: png.toString("base64"), printOnDocuments: false } });
    expect(replaced.body).toMatchObject({ contentType: "image/png", width: 160, height: 160, printOnDocuments: false });
    const row = await db.companyLogo.findUniqueOrThrow({ where: { companyId: company.companyId } });
    expect(Buffer.from(row.data).equals(png)).toBe(true);

    // The same validation as the dashboard's (lib/branding): a GIF, a type that is not the file's, bad base64.
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    const refused = await call(putLogo, { ...at("/logo"), method: "PUT", key: writer, body: { contentType: "image/png", base64: gif.toString("base64") } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "invalid_logo", message: "The logo must be a PNG or JPEG file" });
    const mislabelled = await call(putLogo, { ...at("/logo"), method: "PUT", key: writer, body: { contentType: "image/png", base64: jpeg.toString("base64") } });
    expect(mislabelled.status).toBe(422);
    expect(mislabelled.body).toMatchObject({ code: "invalid_logo" });
    expect(mislabelled.body.message).toContain("image/jpeg");
    expect((await call(putLogo, { ...at("/logo"), method: "PUT", key: writer, body: { contentType: "image/gif", base64: gif.toString("base64") } })).status).toBe(400);
    expect((await call(putLogo, { ...at("/logo"), method: "PUT", key: writer, body: { contentType: "image/png", base64: "not base64!" } })).status).toBe(400);
    // A refused upload leaves the stored logo as it was.
    expect((await call(getLogo, { ...at("/logo"), key: reader })).body.logo).toMatchObject({ contentType: "image/png", printOnDocuments: false });

    // Scopes and tenants: a read-only key cannot write, another account's key does not see the company, a company key cannot use the route.
    expect((await call(putLogo, { ...at("/logo"), method: "PUT", key: reader, body: { contentType: "image/jpeg", base64: jpeg.toString("base64") } })).status).toBe(403);
    expect((await call(getLogo, { ...at("/logo"), key: stranger })).status).toBe(404);
    expect((await call(deleteLogo, { ...at("/logo"), method: "DELETE", key: stranger })).status).toBe(404);
    expect((await call(getLogo, { ...at("/logo"), key: company.key })).status).toBe(403);

    expect((await call(deleteLogo, { ...at("/logo"), method: "DELETE", key: writer })).body).toEqual({ deleted: true });
    expect((await call(deleteLogo, { ...at("/logo"), method: "DELETE", key: writer })).body).toEqual({ deleted: false });
    expect((await call(getLogo, { ...at("/logo"), key: reader })).body).toEqual({ logo: null });
  });

  it("sets the DANFE options in the fiscal settings and the DANFE prints them", { timeout: 30_000 }, async () => {
    const before = await call(getSettings, { ...at("/fiscal-settings"), key: reader });
    expect(before.body).toMatchObject({ danfeCanhoto: true, documentFooterMessage: null });
    const document = await authorizedDocument(company.companyId);
    expect(await danfeText(document.id)).toMatch(/RECEBEMOS DE/);

    const footer = "Obrigado pela preferência! Trocas em até 30 dias.";
    const patched = await call(patchSettings, { ...at("/fiscal-settings"), method: "PATCH", key: writer, body: { danfeCanhoto: false, documentFooterMessage: `  ${footer} ` } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ danfeCanhoto: false, documentFooterMessage: footer });
    expect((await call(getSettings, { ...at("/fiscal-settings"), key: reader })).body).toMatchObject({ danfeCanhoto: false, documentFooterMessage: footer });
    const printed = await danfeText(document.id);
    expect(printed).not.toMatch(/RECEBEMOS DE|Data de recebimento/);
    expect(printed).toContain(footer);

    // Over 200 characters or with a line break: 400, nothing changed.
    for (const documentFooterMessage of ["x".repeat(201), "linha 1\nlinha 2"]) {
      const bad = await call(patchSettings, { ...at("/fiscal-settings"), method: "PATCH", key: writer, body: { documentFooterMessage } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain("documentFooterMessage");
    }
    // Another PATCH leaves them as they are; null clears the message and true brings the canhoto back.
    expect((await call(patchSettings, { ...at("/fiscal-settings"), method: "PATCH", key: writer, body: { tradeName: "Loja Teste" } })).body).toMatchObject({ danfeCanhoto: false, documentFooterMessage: footer });
    const reset = await call(patchSettings, { ...at("/fiscal-settings"), method: "PATCH", key: writer, body: { danfeCanhoto: true, documentFooterMessage: null } });
    expect(reset.body).toMatchObject({ danfeCanhoto: true, documentFooterMessage: null });
    const again = await danfeText(document.id);
    expect(again).toMatch(/RECEBEMOS DE/);
    expect(again).not.toContain(footer);
  });

  it("sets the DANFE NFC-e summary layout; the DANFE follows it and ?nfceLayout chooses per print", { timeout: 60_000 }, async () => {
    expect((await call(getSettings, { ...at("/fiscal-settings"), key: reader })).body).toMatchObject({ danfeNfceSummary: false });
    const nfce = await authorizedDocument(company.companyId, { type: "NFCE" });
    const print = async (query = "") => {
      const response = await danfeRoute(new Request(`http://localhost/v1/fiscal-documents/${nfce.id}/danfe${query}`, { headers: { authorization: `Bearer ${company.key}` } }), { params: Promise.resolve({ id: nfce.id }) });
      expect(response.status).toBe(200);
      return response.headers.get("content-type")?.includes("pdf") ? pdfText(Buffer.from(await response.arrayBuffer())).replace(/\s+/g, " ") : Buffer.from(await response.arrayBuffer()).toString("latin1");
    };
    expect(await print()).toContain("Código Descrição");

    const patched = await call(patchSettings, { ...at("/fiscal-settings"), method: "PATCH", key: writer, body: { danfeNfceSummary: true } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ danfeNfceSummary: true });
    const summary = await print();
    expect(summary).not.toContain("Código Descrição");
    expect(summary).toContain("Valor a pagar R$");
    // The complete one on request (the consumer may always ask for it), in the PDF and in ESC/POS.
    expect(await print("?nfceLayout=full")).toContain("Código Descrição");
    expect(await print("?format=escpos")).not.toMatch(/C.digo Descri/);
    expect(await print("?format=escpos&nfceLayout=full")).toMatch(/C.digo Descri/);

    // An NF-e has no such layout: 422; a value outside full/summary: 400.
    const nfe = await authorizedDocument(company.companyId);
    const wrongType = await call(danfeRoute, { path: `/v1/fiscal-documents/${nfe.id}/danfe?nfceLayout=summary`, params: { id: nfe.id }, key: company.key });
    expect([wrongType.status, wrongType.body.code]).toEqual([422, "print_option_not_applicable"]);
    expect((await call(danfeRoute, { path: `/v1/fiscal-documents/${nfce.id}/danfe?nfceLayout=short`, params: { id: nfce.id }, key: company.key })).status).toBe(400);

    const reset = await call(patchSettings, { ...at("/fiscal-settings"), method: "PATCH", key: writer, body: { danfeNfceSummary: false } });
    expect(reset.body).toMatchObject({ danfeNfceSummary: false });
  });
});
