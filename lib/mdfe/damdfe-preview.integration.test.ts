import { beforeAll, describe, expect, it } from "vitest";
import { pageSizes, pdfText } from "@/lib/danfe/testing/pdf-tools";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { decodePdfBarcodes } from "@/test/barcodes";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import * as collection from "@/app/v1/transport-manifests/route";
import * as previewRoute from "@/app/v1/transport-manifests/preview/route";
import * as damdfeRoute from "@/app/v1/transport-manifests/[id]/damdfe/route";
import * as dashboardPreviewRoute from "@/app/api/dashboard/companies/[companyId]/transport-manifests/preview/route";
import * as dashboardDamdfeRoute from "@/app/api/dashboard/companies/[companyId]/transport-manifests/[id]/damdfe/route";

// Issue 55 item 4, "preview before emission": the DAMDFE of a manifest not yet authorized, as the
// DANFE preview of a draft NF-e (GET …/danfe?preview=true): marked PRÉ-VISUALIZAÇÃO – SEM VALOR
// FISCAL, without key, barcode, QR Code or protocol, writing nothing. An MDF-e has no draft, so a new
// one previews from the creation body (POST /v1/transport-manifests/preview) and a REJECTED one from
// what it was built from (GET …/damdfe?preview=true).

process.env.NEXTAUTH_SECRET = "mdfe-damdfe-preview-secret";

const fixture = simulatorCompanyFixture();
const MG_CLIENT = {
  name: "Atacado Mineiro Ltda", document: "33000167000101", street: "Avenida Afonso Pena", number: "1500", neighborhood: "Centro", city: "Belo Horizonte",
  state: "MG", municipalityCode: "3106200", zipCode: "30130005", stateRegistration: "062.307.904/0081", icmsTaxpayer: "CONTRIBUINTE",
};
const ITEM = { code: "SKU-9", description: "Peça usinada", quantity: 10, unitValue: 150, ncm: "84879000", cfop: "6102", icmsOrigin: "0", icmsSituation: "00", icmsRate: 12, pisSituation: "01", pisRate: 1.65, cofinsSituation: "01", cofinsRate: 7.6 };
const MARK = "PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL";
/** An MDF-e or NF-e key as the DAMDFE prints it (11 groups of 4 digits). */
const PRINTED_KEY = /\d{4} \d{4} \d{4} \d{4} \d{4} \d{4} \d{4} \d{4} \d{4} \d{4} \d{4}/g;

const key = () => fixture.company.key;
let nfe = { id: "", accessKey: "" };

beforeAll(async () => {
  const document = await authorizedDocument(fixture.company.companyId, { overrides: { client: MG_CLIENT, items: [ITEM], payments: [{ method: "PIX", value: 1500 }] } });
  nfe = { id: document.id, accessKey: document.accessKey! };
}, 60_000);

function body(plate: string, documents: unknown[] = [{ documentId: nfe.id }]) {
  return {
    unloading: [{ code: "3106200", name: "Belo Horizonte", documents }],
    vehicle: { plate, renavam: "12345678901", tareKg: 7500, capacityKg: 14000, wheelType: "TRUCK", bodyType: "CLOSED", state: "SP" },
    drivers: [{ name: "Josefina Prévia", cpf: "52998224725" }],
    product: { description: "Peças usinadas de prévia", ncm: "84879000" },
    cargo: { quantity: "1250" },
  };
}

/** The raw bytes of a PDF route's answer (call() reads text, which would mangle them). */
async function pdf(response: Response): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const previewNew = async (payload: unknown, headers: Record<string, string> = {}) =>
  pdf(await previewRoute.POST(new Request("http://localhost/v1/transport-manifests/preview", { method: "POST", headers: { authorization: `Bearer ${key()}`, "content-type": "application/json", ...headers }, body: JSON.stringify(payload) }), { params: Promise.resolve({}) }));
const damdfe = async (id: string, query = "") =>
  pdf(await damdfeRoute.GET(new Request(`http://localhost/v1/transport-manifests/${id}/damdfe${query}`, { headers: { authorization: `Bearer ${key()}` } }), { params: Promise.resolve({ id }) }));

describe("DAMDFE preview", () => {
  it("previews a new manifest from the creation body, marked and without key, barcode or QR Code, numbering and storing nothing", async () => {
    const companyId = fixture.company.companyId;
    const before = { manifests: await db.transportManifest.count({ where: { companyId } }), series: await db.numberingSeries.findMany({ where: { companyId, model: 58 } }) };
    const res = await previewNew(body("PRV1A23"));
    expect(res.status, res.bytes.toString()).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('inline; filename="preview-damdfe.pdf"');
    expect(pageSizes(res.bytes)).toEqual([[595.28, 841.89]]);
    const text = pdfText(res.bytes).replace(/\s+/g, " ");
    expect(text).toContain(MARK);
    expect(text).toContain("PRV1A23");
    expect(text).toContain("Josefina Prévia");
    expect(text).toContain("Peças usinadas de prévia");
    // The only key printed is the carried NF-e's; the manifest has none, and nothing scans.
    expect(text.match(PRINTED_KEY)?.map((k) => k.replace(/ /g, ""))).toEqual([nfe.accessKey]);
    expect(decodePdfBarcodes(res.bytes)).toEqual([]);
    // Nothing issued, numbered or sent.
    expect(await db.transportManifest.count({ where: { companyId } })).toBe(before.manifests);
    expect(await db.numberingSeries.findMany({ where: { companyId, model: 58 } })).toEqual(before.series);
    expect(await db.mdfeSimulatorManifest.count({ where: { plate: "PRV1A23" } })).toBe(0);

    // With an Idempotency-Key the PDF is rendered again on a repeat, never replayed from a text record.
    const keyed = [await previewNew(body("PRV1A23"), { "idempotency-key": "preview-1" }), await previewNew(body("PRV1A23"), { "idempotency-key": "preview-1" })];
    for (const answer of keyed) {
      expect(answer.status).toBe(200);
      expect(pdfText(answer.bytes)).toContain("PRV1A23");
    }
  });

  it("refuses what the creation refuses, with the same codes", async () => {
    const unknown = await previewNew(body("PRV2B34", [{ documentId: "no-such-document" }]));
    expect(unknown.status).toBe(422);
    expect(JSON.parse(unknown.bytes.toString())).toMatchObject({ code: "invalid_document" });
    const air = await previewNew({ ...body("PRV2B34"), modal: "AIR" });
    expect(air.status).toBe(422);
    expect(JSON.parse(air.bytes.toString())).toMatchObject({ code: "unsupported_modal" });
    const noDriver = await previewNew({ ...body("PRV2B34"), drivers: [] });
    expect(noDriver.status).toBe(400);
    expect(JSON.parse(noDriver.bytes.toString())).toMatchObject({ code: "validation_error" });
  });

  it("previews a REJECTED manifest with its number (?preview=true); refuses the preview of an authorized one and the plain DAMDFE of a rejected one", async () => {
    const first = await call(collection.POST, { method: "POST", path: "/v1/transport-manifests", key: key(), body: body("PRV3C45") });
    expect(first.body.status, first.text).toBe("AUTHORIZED");
    // The same plate, tpEmit and UFFim while the first is open: the SVRS refuses it (611).
    const second = await call(collection.POST, { method: "POST", path: "/v1/transport-manifests", key: key(), body: body("PRV3C45") });
    expect(second.body).toMatchObject({ status: "REJECTED", rejectionCode: "611" });

    const plain = await damdfe(second.body.id);
    expect(plain.status).toBe(422);
    expect(JSON.parse(plain.bytes.toString())).toMatchObject({ code: "invalid_status" });
    const preview = await damdfe(second.body.id, "?preview=true");
    expect(preview.status, preview.bytes.toString()).toBe(200);
    expect(preview.headers.get("content-disposition")).toBe(`inline; filename="${second.body.id}-preview-damdfe.pdf"`);
    const text = pdfText(preview.bytes).replace(/\s+/g, " ");
    expect(text).toContain(MARK);
    expect(text).toContain(String(second.body.number));
    expect(text).not.toContain(second.body.accessKey.replace(/(\d{4})(?=\d)/g, "$1 "));
    expect(decodePdfBarcodes(preview.bytes)).toEqual([]);

    const authorizedPreview = await damdfe(first.body.id, "?preview=true");
    expect(authorizedPreview.status).toBe(422);
    expect(JSON.parse(authorizedPreview.bytes.toString())).toMatchObject({ code: "preview_not_applicable" });
    // The authorized one still prints its real DAMDFE, unmarked, with its QR Code and key.
    const real = await damdfe(first.body.id);
    expect(pdfText(real.bytes)).not.toContain(MARK);
    expect(decodePdfBarcodes(real.bytes)).toEqual(expect.arrayContaining([{ type: "CODE-128", data: first.body.accessKey }]));
  });

  it("the dashboard previews the Novo manifesto form (writers) and a rejected manifest's page link", async () => {
    const companyId = fixture.company.companyId;
    const admin = await signedInCookie(fixture.company.tenantId, "ADMIN");
    const support = await signedInCookie(fixture.company.tenantId, "SUPPORT");
    const path = `/api/dashboard/companies/${companyId}/transport-manifests/preview`;
    const request = (who: { cookie: string }) => ({ method: "POST", path, params: { companyId }, headers: who, body: body("PRV4D56") });
    expect(await call(dashboardPreviewRoute.POST, request(support))).toMatchObject({ status: 403, body: { code: "forbidden_role" } });
    const viaDashboard = await call(dashboardPreviewRoute.POST, request(admin));
    expect(viaDashboard.status, viaDashboard.text).toBe(200);
    expect(viaDashboard.headers.get("content-type")).toBe("application/pdf");

    const first = await call(collection.POST, { method: "POST", path: "/v1/transport-manifests", key: key(), body: body("PRV5E67") });
    const rejected = await call(collection.POST, { method: "POST", path: "/v1/transport-manifests", key: key(), body: body("PRV5E67") });
    expect([first.body.status, rejected.body.status]).toEqual(["AUTHORIZED", "REJECTED"]);
    const id = rejected.body.id as string;
    const link = await dashboardDamdfeRoute.GET(new Request(`http://localhost/api/dashboard/companies/${companyId}/transport-manifests/${id}/damdfe?preview=true`, { headers: support }), { params: Promise.resolve({ companyId, id }) });
    expect(link.status).toBe(200);
    expect(pdfText(Buffer.from(await link.arrayBuffer()))).toContain(MARK);
  });
});
