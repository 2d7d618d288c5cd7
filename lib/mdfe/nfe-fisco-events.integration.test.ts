import { beforeAll, describe, expect, it } from "vitest";
import * as manifests from "@/app/v1/transport-manifests/route";
import * as cancelManifestRoute from "@/app/v1/transport-manifests/[id]/cancel/route";
import * as syncDocumentRoute from "@/app/v1/fiscal-documents/[id]/sync/route";
import { POST as receivedSyncRoute } from "@/app/v1/received-documents/sync/route";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createEmittingCompany, draftBody } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { listReceivedDocumentEvents } from "@/lib/received/queries";

// Issue 55 item 5: an MDF-e naming an NF-e makes the Ambiente Nacional register its fisco event on that
// NF-e (610610 MDF-e Autorizado, 610611 MDF-e Cancelado), which the NF-e's recipient receives by
// distribution and the issuer's consultation lists without taking it for an event of its own.
// Two companies of the installation, real emission, signing and both simulators.

simulatorFixture();
let shipper: TestCompany;
let buyer: TestCompany;

const ITEM = { code: "SKU-9", description: "Peça usinada", quantity: 10, unitValue: 150, ncm: "84879000", cfop: "5102", icmsOrigin: "0", icmsSituation: "00", icmsRate: 18, pisSituation: "01", pisRate: 1.65, cofinsSituation: "01", cofinsRate: 7.6 };
const VEHICLE = { plate: "FSC1E23", renavam: "12345678901", tareKg: 7500, capacityKg: 14000, wheelType: "TRUCK", bodyType: "CLOSED", state: "SP" };
const DRIVERS = [{ name: "José da Silva", cpf: "529.982.247-25" }];

const receivedSync = (company: TestCompany) => call(receivedSyncRoute, { method: "POST", path: "/v1/received-documents/sync", key: company.key });
/** The hour's wait between two distribution runs passes, for our cursor and for the simulated Ambiente Nacional. */
async function passTheHour(company: TestCompany) {
  await db.receivedSync.updateMany({ where: { companyId: company.companyId }, data: { notBefore: new Date(Date.now() - 1000) } });
  await db.simulatorDistributionParty.updateMany({ where: { party: company.cnpj }, data: { caughtUpAt: new Date(Date.now() - 2 * 60 * 60 * 1000) } });
}

beforeAll(async () => {
  shipper = await createEmittingCompany();
  buyer = await createEmittingCompany();
  // B does not acknowledge on its own: before any manifestation the AN gives it summaries (resEvento).
  await db.company.update({ where: { id: buyer.companyId }, data: { receivedAutoAcknowledge: false } });
});

describe("fisco events of an MDF-e on the NF-e it carries", () => {
  it("610610 reaches the recipient's received document and the issuer's consultation; 610611 follows the cancellation", { timeout: 90_000 }, async () => {
    const nfe = await authorizedDocument(shipper.companyId, {
      overrides: { client: { ...draftBody().client, document: buyer.cnpj }, items: [ITEM], payments: [{ method: "PIX", value: 1500 }], transport: { freightType: "OWN_SENDER", volumeQuantity: 2, volumeSpecies: "CAIXA", volumeGrossWeight: 420.5 } },
    });
    const first = await receivedSync(buyer);
    expect(first.body, first.text).toMatchObject({ status: "synced", created: 1 });
    const received = await db.receivedDocument.findFirstOrThrow({ where: { companyId: buyer.companyId, accessKey: nfe.accessKey! } });

    const created = await call(manifests.POST, { method: "POST", path: "/v1/transport-manifests", key: shipper.key, body: { documents: [{ documentId: nfe.id }], vehicle: VEHICLE, drivers: DRIVERS, product: { description: "Peças usinadas", ncm: "84879000" } } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.status).toBe("AUTHORIZED");
    const mdfeKey: string = created.body.accessKey;

    // The simulated NF-e authority registered the fisco event on the NF-e, once.
    const onNfe = await db.simulatorEvent.findMany({ where: { document: { accessKey: nfe.accessKey! }, eventType: { startsWith: "6106" } } });
    expect(onNfe.map((e) => [e.eventType, e.sequence])).toEqual([["610610", 1]]);
    expect(onNfe[0]!.xml).toContain(`<chMDFe>${mdfeKey}</chMDFe>`);
    expect(onNfe[0]!.xml).toContain(`<descEvento>MDF-e Autorizado</descEvento>`);

    // B's next distribution run brings it onto the received NF-e.
    await passTheHour(buyer);
    const second = await receivedSync(buyer);
    expect(second.status, second.text).toBe(200);
    const events = await db.receivedDocumentEvent.findMany({ where: { receivedDocumentId: received.id }, orderBy: { createdAt: "asc" } });
    const authorized = events.find((e) => e.eventType === "610610");
    expect(authorized, JSON.stringify(events.map((e) => e.eventType))).toBeDefined();
    expect(authorized).toMatchObject({ sequence: 1, protocol: onNfe[0]!.protocol });
    expect(authorized!.xml).toContain("<xEvento>MDF-e Autorizado</xEvento>");
    expect(checkXmlSchema(authorized!.xml, "nfe/resEvento_v1.01.xsd")).toEqual({ valid: true });
    // The received document's events list (dashboard) shows it, to its own company only.
    expect((await listReceivedDocumentEvents(buyer.companyId, received.id)).map((e) => e.eventType)).toContain("610610");
    expect(await listReceivedDocumentEvents(shipper.companyId, received.id)).toEqual([]);
    // An informational event: the received NF-e stays authorized.
    expect((await db.receivedDocument.findUniqueOrThrow({ where: { id: received.id } })).authorityStatus).toBe("AUTHORIZED");

    // A's consultation of its NF-e lists the foreign event and records nothing of it as its own.
    const consulted = await call(syncDocumentRoute.POST, { method: "POST", path: `/v1/fiscal-documents/${nfe.id}/sync`, key: shipper.key, params: { id: nfe.id } });
    expect(consulted.status, consulted.text).toBe(200);
    expect(JSON.stringify(consulted.body)).toContain("610610");
    const issued = await db.fiscalDocument.findUniqueOrThrow({ where: { id: nfe.id } });
    expect(issued.status).toBe("AUTHORIZED");
    expect(await db.documentEvent.count({ where: { documentId: nfe.id, eventCode: { startsWith: "6106" } } })).toBe(0);

    // The manifest's cancellation registers 610611 on the same NF-e, and B receives it too.
    const cancelled = await call(cancelManifestRoute.POST, { method: "POST", path: `/v1/transport-manifests/${created.body.id}/cancel`, key: shipper.key, params: { id: created.body.id }, body: { justification: "Viagem desfeita antes da saida do veiculo" } });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.status).toBe("CANCELLED");
    const cancellation = await db.simulatorEvent.findFirstOrThrow({ where: { document: { accessKey: nfe.accessKey! }, eventType: "610611" } });
    expect(cancellation.xml).toContain(`<chMDFe>${mdfeKey}</chMDFe>`);
    await passTheHour(buyer);
    expect((await receivedSync(buyer)).status).toBe(200);
    expect(await db.receivedDocumentEvent.count({ where: { receivedDocumentId: received.id, eventType: "610611" } })).toBe(1);
    expect((await db.receivedDocument.findUniqueOrThrow({ where: { id: received.id } })).authorityStatus).toBe("AUTHORIZED");
    const again = await call(syncDocumentRoute.POST, { method: "POST", path: `/v1/fiscal-documents/${nfe.id}/sync`, key: shipper.key, params: { id: nfe.id } });
    expect(again.status, again.text).toBe(200);
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: nfe.id } })).status).toBe("AUTHORIZED");
  });
});
