import { beforeAll, describe, expect, it } from "vitest";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { xmlsecVerify } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import * as collection from "@/app/v1/transport-manifests/route";
import * as closeRoute from "@/app/v1/transport-manifests/[id]/close/route";
import * as paymentsRoute from "@/app/v1/transport-manifests/[id]/payments/route";
import * as eventXmlRoute from "@/app/v1/transport-manifests/[id]/events/[eventId]/xml/route";
import * as dashboardEventXmlRoute from "@/app/api/dashboard/companies/[companyId]/transport-manifests/[id]/events/[eventId]/xml/route";

// Issue 55 leftovers: the payment of the transport operation (110116) reaches webhooks like the other
// MDF-e events (transport_manifest.payment_added), every outcome of a SEFAZ event names the event,
// and a registered event's procEventoMDFe is downloadable as an NF-e event's XML is
// (GET /v1/transport-manifests/{id}/events/{eventId}/xml).

process.env.NEXTAUTH_SECRET = "mdfe-event-xml-secret";

const fixture = simulatorCompanyFixture();
const S = "mdfe/PL_MDFe_300a/";
const MG_CLIENT = {
  name: "Atacado Mineiro Ltda", document: "33000167000101", street: "Avenida Afonso Pena", number: "1500", neighborhood: "Centro", city: "Belo Horizonte",
  state: "MG", municipalityCode: "3106200", zipCode: "30130005", stateRegistration: "062.307.904/0081", icmsTaxpayer: "CONTRIBUINTE",
};
const ITEM = { code: "SKU-9", description: "Peça usinada", quantity: 10, unitValue: 150, ncm: "84879000", cfop: "6102", icmsOrigin: "0", icmsSituation: "00", icmsRate: 12, pisSituation: "01", pisRate: 1.65, cofinsSituation: "01", cofinsRate: 7.6 };
const PAYMENT = {
  payments: [
    {
      name: "Transportes Rapidos Ltda",
      document: { type: "CNPJ", value: "33.000.167/0001-01" },
      components: [{ type: "FREIGHT", value: "1800" }, { type: "TOLL_VOUCHER", value: "200" }],
      contractValue: "2000.00",
      method: "CASH",
      bank: { kind: "PIX", key: "financeiro@rapidos.com.br" },
    },
  ],
};

const key = () => fixture.company.key;
const post = (handler: typeof closeRoute.POST, path: string, id: string, body: unknown) => call(handler, { method: "POST", path: `/v1/transport-manifests/${id}/${path}`, key: key(), body, params: { id } });
const eventXml = (id: string, eventId: string, query = "", k = key()) => call(eventXmlRoute.GET, { path: `/v1/transport-manifests/${id}/events/${eventId}/xml${query}`, key: k, params: { id, eventId } });

let nfeId = "";
beforeAll(async () => {
  nfeId = (await authorizedDocument(fixture.company.companyId, { overrides: { client: MG_CLIENT, items: [ITEM], payments: [{ method: "PIX", value: 1500 }] } })).id;
}, 60_000);

async function openManifest(plate: string) {
  const created = await call(collection.POST, {
    method: "POST", path: "/v1/transport-manifests", key: key(),
    body: {
      unloading: [{ code: "3106200", name: "Belo Horizonte", documents: [{ documentId: nfeId }] }],
      // A TAC agregado's vehicle: the payment event 110116 is registered for no other (723).
      vehicle: { plate, tareKg: 7500, wheelType: "TRUCK", bodyType: "CLOSED", state: "SP", owner: { document: { type: "CPF", value: "11144477735" }, rntrc: "87654321", name: "João Caminhoneiro", state: "SP", ownerType: "TAC_AGGREGATED" } },
      drivers: [{ name: "José da Silva", cpf: "52998224725" }],
      product: { description: "Peças usinadas", ncm: "84879000" },
      cargo: { quantity: "1250" },
    },
  });
  expect(created.body.status, created.text).toBe("AUTHORIZED");
  return created.body as { id: string; accessKey: string };
}

describe("MDF-e payment webhook and event XMLs", () => {
  it("delivers transport_manifest.payment_added with the event to an endpoint subscribed to it, and the closing with its own", async () => {
    const companyId = fixture.company.companyId;
    // Written directly (no verification ping); deleted at the end so no delivery run is left to attempt.
    const endpoint = await db.webhookEndpoint.create({ data: { companyId, url: "https://hooks.example.com/mdfe-payments", events: ["TRANSPORT_MANIFEST_PAYMENT_ADDED", "TRANSPORT_MANIFEST_CLOSED"], secret: "unused-in-this-test" } });
    try {
      const manifest = await openManifest("PAG1A23");
      const paid = await post(paymentsRoute.POST, "payments", manifest.id, PAYMENT);
      expect(paid.status, paid.text).toBe(200);
      const payment = paid.body.events.find((e: { eventCode: string }) => e.eventCode === "110116");
      expect(payment).toMatchObject({ id: expect.any(String), type: "PAYMENT", sequence: 1, status: "REGISTERED", protocol: expect.stringMatching(/^\d{15}$/) });
      expect((await post(closeRoute.POST, "close", manifest.id, {})).body.status).toBe("CLOSED");

      const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { createdAt: "asc" } });
      expect(deliveries.map((d) => d.eventType)).toEqual(["transport_manifest.payment_added", "transport_manifest.closed"]);
      const [paymentEvent, closedEvent] = await Promise.all(deliveries.map((d) => db.webhookEvent.findUniqueOrThrow({ where: { id: d.eventId } })));
      expect(JSON.parse(paymentEvent!.payload)).toMatchObject({
        type: "transport_manifest.payment_added",
        data: { transportManifestId: manifest.id, accessKey: manifest.accessKey, status: "AUTHORIZED", event: { id: payment.id, eventCode: "110116", sequence: 1, protocol: payment.protocol } },
      });
      expect(JSON.parse(closedEvent!.payload)).toMatchObject({ type: "transport_manifest.closed", data: { status: "CLOSED", event: { eventCode: "110112", sequence: 1 } } });
    } finally {
      await db.webhookDelivery.deleteMany({ where: { endpointId: endpoint.id } });
      await db.webhookEndpoint.delete({ where: { id: endpoint.id } });
    }
  });

  it("downloads a registered event's procEventoMDFe; 404 for another manifest's, another company's or an unknown event, document_not_available for one not registered", async () => {
    const manifest = await openManifest("PAG2B34");
    const paid = await post(paymentsRoute.POST, "payments", manifest.id, PAYMENT);
    expect(paid.status, paid.text).toBe(200);
    const closed = await post(closeRoute.POST, "close", manifest.id, {});
    expect(closed.body.status).toBe("CLOSED");
    const [payment, closing] = ["110116", "110112"].map((code) => closed.body.events.find((e: { eventCode: string }) => e.eventCode === code));

    const xml = await eventXml(manifest.id, payment.id);
    expect(xml.status, xml.text).toBe(200);
    expect(xml.headers.get("content-type")).toBe("application/xml");
    expect(xml.headers.get("content-disposition")).toBe(`inline; filename="${manifest.accessKey}-mdfe-pagto-01.xml"`);
    const proc = xml.text.replace(/^<\?xml[^>]*>/, "");
    expect(checkXmlSchema(proc, `${S}procEventoMDFe_v3.00.xsd`)).toEqual({ valid: true });
    expect(proc).toContain(`<nProt>${payment.protocol}</nProt>`);
    expect(proc).toContain("<tpEvento>110116</tpEvento>");
    expect(xmlsecVerify(/<eventoMDFe\b[\s\S]*<\/eventoMDFe>/.exec(proc)![0], "infEvento").ok).toBe(true);
    // The stored record, byte for byte (the exports' entry has the same name and bytes).
    const stored = await db.transportManifestEvent.findUniqueOrThrow({ where: { id: payment.id } });
    expect(proc).toBe(stored.responseXml);

    const closingXml = await eventXml(manifest.id, closing.id, "?download=true");
    expect(closingXml.status).toBe(200);
    expect(closingXml.headers.get("content-disposition")).toBe(`attachment; filename="${manifest.accessKey}-mdfe-enc-01.xml"`);
    expect(closingXml.text).toContain("<tpEvento>110112</tpEvento>");

    const other = await openManifest("PAG3C45");
    expect((await eventXml(other.id, payment.id)).status).toBe(404);
    expect((await eventXml(manifest.id, "no-such-event")).status).toBe(404);
    const stranger = await createTestCompany();
    expect((await eventXml(manifest.id, payment.id, "", stranger.key)).status).toBe(404);

    // An event the SVRS refused holds no record of its own.
    const refused = await db.transportManifestEvent.create({
      data: { manifestId: other.id, companyId: fixture.company.companyId, eventCode: "110114", sequence: 1, status: "REFUSED", requestXml: "<eventoMDFe/>", cStat: "701", reason: "Rejeição: Condutor já informado no MDF-e", details: {} },
    });
    const notRegistered = await eventXml(other.id, refused.id);
    expect(notRegistered).toMatchObject({ status: 404, body: { code: "document_not_available" } });

    // The dashboard's link: the same file under the session; another tenant's user gets 404.
    const support = await signedInCookie(fixture.company.tenantId, "SUPPORT");
    const path = `/api/dashboard/companies/${fixture.company.companyId}/transport-manifests/${manifest.id}/events/${payment.id}/xml?download=true`;
    const viaDashboard = await call(dashboardEventXmlRoute.GET, { path, params: { companyId: fixture.company.companyId, id: manifest.id, eventId: payment.id }, headers: support });
    expect(viaDashboard.status, viaDashboard.text).toBe(200);
    expect(viaDashboard.text).toBe(xml.text);
    const strangerAdmin = await signedInCookie(stranger.tenantId, "ADMIN");
    expect((await call(dashboardEventXmlRoute.GET, { path, params: { companyId: fixture.company.companyId, id: manifest.id, eventId: payment.id }, headers: strangerAdmin })).status).toBe(404);
  });
});
