import { describe, expect, it } from "vitest";
import { POST as syncRoute } from "@/app/v1/fiscal-documents/[id]/sync/route";
import { getTaxAuthority } from "@/lib/authority";
import { loadSigningCredentials } from "@/lib/certificates";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { createDraft } from "@/lib/emission/testing/emission-fixtures";
import { buildSignedEvent, checkXmlSchema } from "@/lib/fiscal/nfe";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import { POST as dashboardSyncRoute } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/sync/route";
import { authorizedDocument } from "./testing/authorized-document";
import { POST as cancelRoute } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { POST as correctionRoute } from "@/app/v1/fiscal-documents/[id]/correction-letter/route";
import { DELETE as removeReceiptRoute, POST as receiptRoute } from "@/app/v1/fiscal-documents/[id]/delivery-receipt/route";

// POST /v1/fiscal-documents/{id}/sync against the simulator (issue 56 item 4): what the authority
// holds is brought here by the background runs' own settlement and event recording.

process.env.NEXTAUTH_SECRET ??= "sync-dashboard-secret";
const fixture = simulatorCompanyFixture();
const sync = (id: string) => call(syncRoute, { method: "POST", path: `/v1/fiscal-documents/${id}/sync`, key: fixture.company.key, params: { id } });
const JUSTIFICATION = "Cancelada por outro sistema integrado da empresa";

/** Another system of the company cancels the NF-e at the authority: nothing is recorded here. */
async function cancelElsewhere(document: { accessKey: string | null; protocolNumber: string | null; companyId: string }) {
  const credentials = await loadSigningCredentials(document.companyId);
  const signed = buildSignedEvent(
    { accessKey: document.accessKey!, environment: "HOMOLOGATION", authorCnpj: fixture.company.cnpj, occurredAt: new Date(), sequence: 1, tpEvento: "110111", protocol: document.protocolNumber!, reason: JUSTIFICATION },
    credentials,
  ).xml;
  const sent = await getTaxAuthority("HOMOLOGATION").sendEvent({ uf: "SP", environment: "HOMOLOGATION", model: 55 }, signed, credentials);
  expect(sent.kind).toBe("authorized");
}

describe("POST /v1/fiscal-documents/{id}/sync", () => {
  it("a document whose every event went through our API is in line: CC-e, delivery receipt and its removal, cancellation (docs/api.md's order)", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const at = (path: string) => ({ path: `/v1/fiscal-documents/${document.id}/${path}`, key: fixture.company.key, params: { id: document.id } });
    expect((await call(correctionRoute, { method: "POST", ...at("correction-letter"), body: { correction: "Endereco de entrega: Rua das Flores, 10, fundos" } })).status).toBe(200);
    const proof = { contentType: "application/pdf", base64: Buffer.from("%PDF-1.4 signed delivery note").toString("base64") };
    const receipt = await call(receiptRoute, { method: "POST", ...at("delivery-receipt"), body: { deliveredAt: new Date().toISOString(), receiverName: "Maria Recebedora", receiverDocument: "52998224725", proof } });
    expect(receipt.status, receipt.text).toBe(200);
    expect((await call(removeReceiptRoute, { method: "DELETE", ...at("delivery-receipt") })).status).toBe(200);
    expect((await call(cancelRoute, { method: "POST", ...at("cancel"), body: { justification: "Pedido cancelado pelo cliente antes do envio" } })).status).toBe(200);

    const res = await sync(document.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: "CANCELLED", changed: false, changes: [] });
  });

  it("a document cancelled at the authority becomes CANCELLED with its event, procEventoNFe and document.cancelled", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    await cancelElsewhere(document);

    const res = await sync(document.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      documentId: document.id,
      previousStatus: "AUTHORIZED",
      status: "CANCELLED",
      changed: true,
      changes: [{ kind: "event", eventCode: "110111", sequence: 1 }],
      authority: { status: "CANCELLED", cStat: "100", protocol: document.protocolNumber },
    });
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id }, include: { events: true } });
    expect(stored).toMatchObject({ status: "CANCELLED", cancellationReason: JUSTIFICATION, cancellationProtocol: res.body.changes[0].protocol });
    const event = stored.events.find((e) => e.kind === "CANCELLATION");
    expect(event).toMatchObject({ eventCode: "110111", sequence: 1, outcome: "AUTHORIZED", cStat: "135" });
    expect(checkXmlSchema(event!.responseXml!, "nfe/procEventoCancNFe_v1.00.xsd")).toEqual({ valid: true });
    const outcomes = await db.domainEvent.findMany({ where: { documentId: document.id }, orderBy: { createdAt: "asc" } });
    expect(outcomes.map((o) => o.type)).toEqual(["document.authorized", "document.cancelled"]);

    // In line now: a second sync changes nothing.
    const again = await sync(document.id);
    expect(again.body).toMatchObject({ changed: false, changes: [], status: "CANCELLED" });
    expect(await db.domainEvent.count({ where: { documentId: document.id } })).toBe(2);
  });

  it("a PROCESSING document the authority authorized (its answer lost) is settled AUTHORIZED with document.authorized", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    // As after a lost answer: still PROCESSING here, no protocol, no event.
    await db.documentEvent.deleteMany({ where: { documentId: document.id } });
    await db.domainEvent.deleteMany({ where: { documentId: document.id } });
    await db.fiscalDocument.update({ where: { id: document.id }, data: { status: "PROCESSING", protocolNumber: null, authorizationDate: null, authorizedXml: null } });

    const res = await sync(document.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ previousStatus: "PROCESSING", status: "AUTHORIZED", changes: [{ kind: "status", from: "PROCESSING", to: "AUTHORIZED", cStat: "100", protocol: document.protocolNumber }] });
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id }, include: { events: true } });
    expect(stored).toMatchObject({ status: "AUTHORIZED", protocolNumber: document.protocolNumber });
    expect(checkXmlSchema(stored.authorizedXml!, "nfe/procNFe_v4.00.xsd")).toEqual({ valid: true });
    expect(stored.events.map((e) => e.kind)).toEqual(["AUTHORIZATION"]);
    expect((await db.domainEvent.findMany({ where: { documentId: document.id } })).map((o) => o.type)).toEqual(["document.authorized"]);
  });

  it("a document never sent is 422 sync_not_applicable; another company's is 404; an outage is 503", async () => {
    const draft = await createDraft(fixture.company.companyId);
    const never = await sync(draft.id);
    expect(never.status).toBe(422);
    expect(never.body.code).toBe("sync_not_applicable");

    const document = await authorizedDocument(fixture.company.companyId);
    const foreign = await call(syncRoute, { method: "POST", path: `/v1/fiscal-documents/${document.id}/sync`, key: (await createTestCompany()).key, params: { id: document.id } });
    expect(foreign.status).toBe(404);

    fixture.simulator.faults.add({ service: "NFeConsultaProtocolo4", accessKey: document.accessKey!, action: { kind: "unavailable" }, times: 1 });
    const down = await sync(document.id);
    expect(down.status).toBe(503);
    expect(down.body.code).toBe("authority_unavailable");
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("AUTHORIZED");
  });

  it("the dashboard's \"Consultar na SEFAZ\" runs the same sync for writers only", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const dashboardSync = async (role: "ADMIN" | "SUPPORT") =>
      call(dashboardSyncRoute, {
        method: "POST",
        path: `/api/dashboard/companies/${fixture.company.companyId}/documents/${document.id}/sync`,
        params: { companyId: fixture.company.companyId, documentId: document.id },
        headers: await signedInCookie(fixture.company.tenantId, role),
      });
    expect((await dashboardSync("SUPPORT")).status).toBe(403);
    await cancelElsewhere(document);
    const res = await dashboardSync("ADMIN");
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: "CANCELLED", changed: true });
  });
});
