import type { DocumentEventKind } from "@prisma/client";
import { beforeAll, describe, expect, it } from "vitest";
import { randomCpf } from "@/lib/br";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createNfseCompany, nfseBody } from "@/lib/emission/nfse/testing";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { checkXmlSchema } from "@/lib/fiscal/nfe";
import { functions } from "@/inngest";
import { createTestCompany, db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import { GET as dashboardEventXmlRoute } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/events/[eventId]/xml/route";
import { POST as cancelRoute } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { POST as correctionRoute } from "@/app/v1/fiscal-documents/[id]/correction-letter/route";
import { DELETE as deleteReceiptRoute, POST as receiptRoute } from "@/app/v1/fiscal-documents/[id]/delivery-receipt/route";
import { GET as eventXmlRoute } from "@/app/v1/fiscal-documents/[id]/events/[eventId]/xml/route";
import { POST as createRoute } from "@/app/v1/fiscal-documents/route";

// Issue 36 item 8: the registered events' XML (procEventoNFe, or the NFS-e
// event Sefin returns) through the real routes, after events sent to the simulator.

process.env.NEXTAUTH_SECRET = "event-xml-dashboard-secret";

const fixture = simulatorCompanyFixture();
let nfseCompany: TestCompany;
beforeAll(async () => {
  nfseCompany = await createNfseCompany();
});

async function eventXml(id: string, eventId: string, query = "", key = fixture.company.key) {
  const request = new Request(`http://localhost/v1/fiscal-documents/${id}/events/${eventId}/xml${query}`, { headers: { authorization: `Bearer ${key}` } });
  const response = await eventXmlRoute(request, { params: Promise.resolve({ id, eventId }) });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const eventOf = (documentId: string, kind: DocumentEventKind) => db.documentEvent.findFirstOrThrow({ where: { documentId, kind }, orderBy: { createdAt: "desc" } });
const post = (handler: typeof cancelRoute, id: string, body: unknown, key = fixture.company.key) => call(handler, { method: "POST", path: "/", key, body, params: { id } });

describe("GET /v1/fiscal-documents/{id}/events/{eventId}/xml", () => {
  it("returns the procEventoNFe of a correction letter and of a cancellation, valid against the official schemas", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    expect((await post(correctionRoute, document.id, { correction: "Onde se le volume 1, leia-se volumes 2 caixas" })).status).toBe(200);
    const letter = await eventOf(document.id, "CORRECTION_LETTER");
    const cce = await eventXml(document.id, letter.id, "?download=true");
    expect(cce.status, cce.text).toBe(200);
    expect(cce.headers.get("content-type")).toContain("application/xml");
    expect(cce.headers.get("content-disposition")).toBe(`attachment; filename="${document.accessKey}-nfe-cce-01.xml"`);
    expect(cce.text).toMatch(/^(<\?xml[^>]*>)?<procEventoNFe/);
    expect(cce.text).toContain(`<nProt>${letter.protocol}</nProt>`);
    expect(checkXmlSchema(cce.text, "nfe/procCCeNFe_v1.00.xsd")).toEqual({ valid: true });

    expect((await post(cancelRoute, document.id, { justification: "Pedido cancelado pelo cliente final" })).status).toBe(200);
    const cancellation = await eventOf(document.id, "CANCELLATION");
    const canc = await eventXml(document.id, cancellation.id);
    expect(canc.status).toBe(200);
    expect(canc.headers.get("content-disposition")).toBe(`inline; filename="${document.accessKey}-nfe-canc-01.xml"`);
    expect(canc.text).toContain("<tpEvento>110111</tpEvento>");
    expect(checkXmlSchema(canc.text, "nfe/procEventoCancNFe_v1.00.xsd")).toEqual({ valid: true });

    // The letter's XML stays available on the cancelled document, and through the dashboard.
    expect((await eventXml(document.id, letter.id)).status).toBe(200);
    const request = new Request("http://localhost/", { headers: await signedInCookie(fixture.company.tenantId, "SUPPORT") });
    const dashboard = await dashboardEventXmlRoute(request, { params: Promise.resolve({ companyId: fixture.company.companyId, documentId: document.id, eventId: cancellation.id }) });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toBe(canc.text);
  });

  it("returns the delivery receipt and its cancellation", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const proof = { contentType: "image/png", base64: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString("base64") };
    const deliveredAt = new Date(Date.now() - 3 * 3_600_000).toISOString().replace("Z", "-03:00");
    const registered = await post(receiptRoute, document.id, { deliveredAt, receiverName: "Maria da Silva", receiverDocument: randomCpf(), proof });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const receipt = await eventXml(document.id, (await eventOf(document.id, "DELIVERY_RECEIPT")).id);
    expect(receipt.status).toBe(200);
    expect(checkXmlSchema(receipt.text, "nfe/procEventoEntregaNFe_v1.00.xsd")).toEqual({ valid: true });

    expect((await call(deleteReceiptRoute, { method: "DELETE", path: "/", key: fixture.company.key, params: { id: document.id } })).status).toBe(200);
    const withdrawal = await eventXml(document.id, (await eventOf(document.id, "DELIVERY_RECEIPT_CANCELLATION")).id);
    expect(withdrawal.status).toBe(200);
    expect(checkXmlSchema(withdrawal.text, "nfe/procEventoCancEntregaNFe_v1.00.xsd")).toEqual({ valid: true });
  });

  it("returns the NFS-e cancellation event Sefin registered", async () => {
    const created = await call(createRoute, { method: "POST", path: "/v1/fiscal-documents", key: nfseCompany.key, body: { ...nfseBody(), emit: true } });
    expect(created.status, created.text).toBe(201);
    await drainDueRuns(functions, { companyIds: [nfseCompany.companyId] });
    const id = created.body.id as string;
    expect((await post(cancelRoute, id, { justification: "Serviço faturado em duplicidade" }, nfseCompany.key)).status).toBe(200);
    const event = await eventOf(id, "CANCELLATION");
    const res = await eventXml(id, event.id, "", nfseCompany.key);
    expect(res.status, res.text).toBe(200);
    expect(res.text).toBe(event.responseXml);
    expect(res.headers.get("content-disposition")).toMatch(/-nfse-canc-01\.xml"$/);
    expect(checkXmlSchema(res.text, "nfse/v1.01/evento_v1.01.xsd")).toEqual({ valid: true });
  });

  it("answers 404 for an unknown event, another document's event or another company, and document_not_available for an authorization or a refused event", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    expect((await post(correctionRoute, document.id, { correction: "Onde se le volume 1, leia-se volumes 2 caixas" })).status).toBe(200);
    const letter = await eventOf(document.id, "CORRECTION_LETTER");

    expect((await eventXml(document.id, "no-such-event")).status).toBe(404);
    const otherDocument = await authorizedDocument(fixture.company.companyId);
    expect((await eventXml(otherDocument.id, letter.id)).status).toBe(404);
    const other = await createTestCompany();
    expect((await eventXml(document.id, letter.id, "", other.key)).status).toBe(404);
    expect((await eventXml(document.id, letter.id, "?download=maybe")).status).toBe(400);

    const authorization = await eventOf(document.id, "AUTHORIZATION");
    const notAnEvent = await eventXml(document.id, authorization.id);
    expect(notAnEvent.status).toBe(404);
    expect(JSON.parse(notAnEvent.text).code).toBe("document_not_available");

    // A letter the authority refused is kept as REJECTED, without a procEventoNFe.
    const refused = await db.documentEvent.create({
      data: { documentId: document.id, companyId: fixture.company.companyId, kind: "CORRECTION_LETTER", eventCode: "110110", sequence: 2, outcome: "REJECTED", cStat: "594", reason: "Rejeição", requestXml: "<evento/>" },
    });
    const notRegistered = await eventXml(document.id, refused.id);
    expect(notRegistered.status).toBe(404);
    expect(JSON.parse(notRegistered.text).code).toBe("document_not_available");
  });
});
