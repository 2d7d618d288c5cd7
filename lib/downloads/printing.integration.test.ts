import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { pageSizes, pdfText, savePng } from "@/lib/danfe/testing/pdf-tools";
import { createDocument } from "@/lib/documents";
import { createNfseCompany, nfseBody } from "@/lib/emission/nfse/testing";
import { createDraft, createEmittingCompany, startTestSimulator } from "@/lib/emission/testing/emission-fixtures";
import { createTestCompany, db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import { GET as dashboardEventPdfRoute } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/events/[eventId]/pdf/route";
import { GET as dashboardDanfeRoute } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/danfe/route";
import { POST as cancelRoute } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { POST as correctionRoute } from "@/app/v1/fiscal-documents/[id]/correction-letter/route";
import { GET as danfeRoute } from "@/app/v1/fiscal-documents/[id]/danfe/route";
import { GET as eventPdfRoute } from "@/app/v1/fiscal-documents/[id]/events/[eventId]/pdf/route";

// Issue 19 through the real routes: documents emitted through the pipeline
// against the simulator, PDFs read back with pdfinfo/pdftotext, ESC/POS bytes
// decoded, and the database checked untouched by a preview.

process.env.NEXTAUTH_SECRET = "printing-dashboard-secret";

let simulator: SimulatorServer;
let company: TestCompany;
beforeAll(async () => {
  simulator = await startTestSimulator();
  company = await createEmittingCompany();
});
afterAll(async () => {
  await simulator?.close();
});

async function get(handler: typeof danfeRoute, path: string, params: Record<string, string>, key: string | null = company.key, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost${path}`, { headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } });
  const response = await handler(request, { params: Promise.resolve(params) });
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = (response.headers.get("content-type") ?? "").includes("json") ? JSON.parse(bytes.toString("utf8")) : undefined;
  return { status: response.status, headers: response.headers, bytes, json };
}

const danfe = (id: string, query = "", key?: string | null) => get(danfeRoute, `/v1/fiscal-documents/${id}/danfe${query}`, { id }, key);
const groupsOf4 = (key: string) => key.replace(/(.{4})(?=.)/g, "$1 ");

describe("GET …/danfe options", () => {
  it("prints the authorized NF-e on A4 portrait, or landscape when asked", async () => {
    const document = await authorizedDocument(company.companyId);
    const portrait = await danfe(document.id);
    expect(portrait.status).toBe(200);
    expect(pageSizes(portrait.bytes)).toEqual([[595.28, 841.89]]);
    const landscape = await danfe(document.id, "?orientation=landscape&download=true");
    expect(landscape.status).toBe(200);
    expect(landscape.headers.get("content-disposition")).toBe(`attachment; filename="${document.accessKey}-danfe.pdf"`);
    expect(pageSizes(landscape.bytes)).toEqual([[841.89, 595.28]]);
    expect(pdfText(landscape.bytes)).toContain(groupsOf4(document.accessKey!));
  });

  it("prints the NFC-e on 58 mm and as ESC/POS with the key and the QR payload", async () => {
    const document = await authorizedDocument(company.companyId, { type: "NFCE" });
    const narrow = await danfe(document.id, "?width=58");
    expect(narrow.status).toBe(200);
    expect(pageSizes(narrow.bytes)[0]![0]).toBeCloseTo(164.41, 1);
    savePng(narrow.bytes, "api-nfce-58mm");
    const escpos = await danfe(document.id, "?format=escpos&download=true");
    expect(escpos.status).toBe(200);
    expect(escpos.headers.get("content-type")).toBe("application/octet-stream");
    expect(escpos.headers.get("content-disposition")).toBe(`attachment; filename="${document.accessKey}-danfe-nfce.escpos"`);
    const qrCode = /<qrCode>(?:<!\[CDATA\[)?([^<\]]+)/.exec(document.authorizedXml!)![1]!;
    // GS ( k pL pH 49 80 48 <data>: the native "store QR data" command carries the infNFeSupl qrCode.
    const store = escpos.bytes.indexOf(Buffer.from([0x1d, 0x28, 0x6b]), escpos.bytes.indexOf(Buffer.from("1P0", "latin1")) - 5);
    const length = escpos.bytes[store + 3]! + escpos.bytes[store + 4]! * 256 - 3;
    expect(escpos.bytes.subarray(store + 8, store + 8 + length).toString("latin1")).toBe(qrCode);
    expect(escpos.bytes.toString("latin1").replace(/\s+/g, " ")).toContain(groupsOf4(document.accessKey!));
  });

  it("answers 422 print_option_not_applicable for an option of the other type, 400 for an unknown value", async () => {
    const nfe = await authorizedDocument(company.companyId);
    const nfce = await authorizedDocument(company.companyId, { type: "NFCE" });
    for (const [id, query] of [[nfe.id, "?format=escpos"], [nfe.id, "?width=58"], [nfce.id, "?orientation=landscape"]] as const) {
      const res = await danfe(id, query);
      expect(res.status, query).toBe(422);
      expect(res.json.code).toBe("print_option_not_applicable");
    }
    expect((await danfe(nfe.id, "?orientation=sideways")).status).toBe(400);
    expect((await danfe(nfce.id, "?width=76")).status).toBe(400);
    expect((await danfe(nfe.id, "?format=zpl")).status).toBe(400);
  });
});

describe("GET …/danfe?preview=true", () => {
  it("previews an NF-e draft as emission would build it, marked, without number, key or protocol, writing nothing", async () => {
    const draft = await createDraft(company.companyId);
    const before = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    const series = await db.numberingSeries.findMany({ where: { companyId: company.companyId } });
    const res = await danfe(draft.id, "?preview=true");
    expect(res.status, res.bytes.toString()).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="${draft.id}-preview-danfe.pdf"`);
    savePng(res.bytes, "api-nfe-preview");
    expect(pageSizes(res.bytes)).toEqual([[595.28, 841.89]]);
    const text = pdfText(res.bytes);
    expect(text).toContain("PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL");
    expect(text).toContain("Nº A DEFINIR");
    expect(text).toContain("Café torrado 500 g");
    // HOMOLOGATION: the recipient name emission writes into the XML.
    expect(text).toContain("NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL");
    expect(text).not.toMatch(/\d{4} \d{4} \d{4} \d{4} \d{4} \d{4} \d{4} \d{4} \d{4} \d{4} \d{4}/);
    const after = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    expect(after).toEqual(before);
    expect(after).toMatchObject({ status: "DRAFT", number: 0, accessKey: null, signedXml: null });
    expect(await db.numberingSeries.findMany({ where: { companyId: company.companyId } })).toEqual(series);
  });

  it("previews an NFC-e draft as PDF and ESC/POS without key or QR code", async () => {
    await db.company.update({ where: { id: company.companyId }, data: { cscId: "000001", cscToken: "A1B2C3D4E5F6G7H8I9J0" } });
    const draft = await createDraft(company.companyId, { type: "NFCE" });
    const pdf = await danfe(draft.id, "?preview=true&width=58");
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.bytes).replace(/\s+/g, " ");
    expect(text).toContain("PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL");
    expect(text).not.toContain("Consulte pela Chave de Acesso");
    const escpos = await danfe(draft.id, "?preview=true&format=escpos");
    expect(escpos.status).toBe(200);
    expect(escpos.bytes.includes(Buffer.from("1P0", "latin1"))).toBe(false);
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } })).number).toBe(0);
  });

  it("previews an NFS-e draft as a DANFSe of the DPS emission would send, marked, without key, numbers or QR code, writing nothing", async () => {
    const provider = await createNfseCompany();
    const draft = await createDocument({ companyId: provider.companyId, body: nfseBody() as never });
    const before = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    const series = await db.numberingSeries.findMany({ where: { companyId: provider.companyId } });
    const res = await danfe(draft.id, "?preview=true", provider.key);
    expect(res.status, res.bytes.toString()).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="${draft.id}-preview-danfse.pdf"`);
    savePng(res.bytes, "api-nfse-preview");
    expect(pageSizes(res.bytes)).toEqual([[595.28, 841.89]]);
    const text = pdfText(res.bytes).replace(/\s+/g, " ");
    expect(text).toContain("DANFSe v2.0");
    expect(text).toContain("PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL");
    // The preview's mark replaces the homologation one; the public-consultation QR needs a key.
    expect(text).not.toContain("NFS-e SEM VALIDADE JURÍDICA");
    expect(text).not.toContain("ConsultaPublica");
    // The provider as Sefin's registry completes it, the taker and the service from the DPS.
    const company = await db.company.findUniqueOrThrow({ where: { id: provider.companyId } });
    expect(text).toContain(company.legalName);
    expect(text).toContain("Cliente Serviços S/A");
    expect(text).toContain("010101");
    // No key (NFS-e keys have 50 digits), no NFS-e number, time or cStat, no DPS number: pdftotext reads each row's captions, then its values.
    expect(text).not.toMatch(/\d{50}|(\d{4} ){12}/);
    expect(text).toMatch(/Situação da NFS-e - \d\d\/\d\d\/\d{4} - - Número da DPS/);
    expect(text).toMatch(/Emitente da NFS-e - 1 \d\d\/\d\d\/\d{4}/);
    expect(text).toMatch(/^Campinas \/ SP DANFSe v2\.0/);
    const after = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
    expect(after).toEqual(before);
    expect(after).toMatchObject({ status: "DRAFT", number: 0, accessKey: null, dpsId: null, signedXml: null });
    expect(await db.numberingSeries.findMany({ where: { companyId: provider.companyId } })).toEqual(series);
    // Authorized or otherwise past the draft: no preview, as for NF-e.
    await db.fiscalDocument.update({ where: { id: draft.id }, data: { status: "CANCELLED" } });
    expect((await danfe(draft.id, "?preview=true", provider.key)).json.code).toBe("preview_not_applicable");
  });

  it("previews a REJECTED document; refuses an authorized one with 422 preview_not_applicable", async () => {
    const draft = await createDraft(company.companyId);
    await db.fiscalDocument.update({ where: { id: draft.id }, data: { status: "REJECTED", rejectionReason: "test" } });
    expect((await danfe(draft.id, "?preview=true")).status).toBe(200);
    const authorized = await authorizedDocument(company.companyId);
    const refused = await danfe(authorized.id, "?preview=true");
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe("preview_not_applicable");
  });

  it("answers what emission would refuse: 422 fiscal_settings_incomplete", async () => {
    const other = await createEmittingCompany();
    const draft = await createDraft(other.companyId);
    await db.company.update({ where: { id: other.companyId }, data: { stateRegistration: null } });
    const res = await danfe(draft.id, "?preview=true", other.key);
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("fiscal_settings_incomplete");
  });

  it("keeps isolation and scopes: 404 for another company's draft, 403 without documents:read, 401 without a key", async () => {
    const draft = await createDraft(company.companyId);
    const other = await createTestCompany();
    expect((await danfe(draft.id, "?preview=true", other.key)).status).toBe(404);
    const noScope = await createTestCompany({ scopes: ["documents:write"] });
    expect((await danfe(draft.id, "?preview=true", noScope.key)).status).toBe(403);
    expect((await danfe(draft.id, "?preview=true", null)).status).toBe(401);
  });
});

describe("GET …/events/{eventId}/pdf (DACCE)", () => {
  it("prints a registered correction letter; 422 for another event kind; 404 across documents and companies", async () => {
    const document = await authorizedDocument(company.companyId);
    const correction = "Onde se le volume 1, leia-se volumes 2 caixas de papelao";
    const letter = await call(correctionRoute, { method: "POST", path: "/", key: company.key, body: { correction }, params: { id: document.id } });
    expect(letter.status, letter.text).toBe(200);
    const event = await db.documentEvent.findFirstOrThrow({ where: { documentId: document.id, kind: "CORRECTION_LETTER" } });
    const path = `/v1/fiscal-documents/${document.id}/events/${event.id}/pdf`;
    const res = await get(eventPdfRoute, `${path}?download=true`, { id: document.id, eventId: event.id });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${document.accessKey}-cce-01.pdf"`);
    savePng(res.bytes, "api-dacce");
    const text = pdfText(res.bytes).replace(/\s+/g, " ");
    expect(text).toContain("DACCE");
    expect(text).toContain(groupsOf4(document.accessKey!));
    expect(text).toContain(correction);
    expect(text).toContain(letter.body.protocol);
    expect(text).toContain("A Carta de Correcao e disciplinada");

    const authorization = await db.documentEvent.findFirstOrThrow({ where: { documentId: document.id, kind: "AUTHORIZATION" } });
    const wrongKind = await get(eventPdfRoute, "/", { id: document.id, eventId: authorization.id });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.json.code).toBe("print_option_not_applicable");

    const otherDocument = await authorizedDocument(company.companyId);
    expect((await get(eventPdfRoute, "/", { id: otherDocument.id, eventId: event.id })).status).toBe(404);
    const other = await createTestCompany();
    expect((await get(eventPdfRoute, "/", { id: document.id, eventId: event.id }, other.key)).status).toBe(404);

    const dashboard = await get(dashboardEventPdfRoute as typeof danfeRoute, "/", { companyId: company.companyId, documentId: document.id, eventId: event.id }, null, await signedInCookie(company.tenantId, "SUPPORT"));
    expect(dashboard.status).toBe(200);
    expect(pdfText(dashboard.bytes)).toContain("DACCE");

    // A cancelled document keeps its DACCE.
    expect((await call(cancelRoute, { method: "POST", path: "/", key: company.key, body: { justification: "Pedido cancelado pelo cliente final" }, params: { id: document.id } })).status).toBe(200);
    expect((await get(eventPdfRoute, "/", { id: document.id, eventId: event.id })).status).toBe(200);
  });
});

describe("dashboard DANFE route", () => {
  it("accepts the same preview, orientation and width options", async () => {
    const draft = await createDraft(company.companyId);
    const params = { companyId: company.companyId, documentId: draft.id };
    const base = `/api/dashboard/companies/${company.companyId}/documents/${draft.id}/danfe`;
    const preview = await get(dashboardDanfeRoute, `${base}?preview=true&orientation=landscape`, params, null, await signedInCookie(company.tenantId, "SUPPORT"));
    expect(preview.status).toBe(200);
    expect(pageSizes(preview.bytes)).toEqual([[841.89, 595.28]]);
    expect(pdfText(preview.bytes)).toContain("PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL");
    const wrong = await get(dashboardDanfeRoute, `${base}?preview=true&width=58`, params, null, await signedInCookie(company.tenantId, "SUPPORT"));
    expect(wrong.status).toBe(422);
    expect(wrong.json.code).toBe("print_option_not_applicable");
  });
});
