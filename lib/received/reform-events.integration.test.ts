import { beforeAll, describe, expect, it } from "vitest";
import { GET as listIssuedEventsRoute, POST as issuerEventRoute } from "@/app/v1/fiscal-documents/[id]/events/route";
import { GET as issuedEventXmlRoute } from "@/app/v1/fiscal-documents/[id]/events/[eventId]/xml/route";
import { DELETE as cancelIssuerEventRoute } from "@/app/v1/fiscal-documents/[id]/events/[eventId]/route";
import { GET as listReceivedEventsRoute, POST as acquirerEventRoute } from "@/app/v1/received-documents/[id]/events/route";
import { DELETE as cancelAcquirerEventRoute } from "@/app/v1/received-documents/[id]/events/[eventId]/route";
import { GET as receivedEventXmlRoute } from "@/app/v1/received-documents/[id]/events/[eventId]/xml/route";
import { POST as syncRoute } from "@/app/v1/received-documents/sync/route";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createEmittingCompany, draftBody } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { extractElement } from "@/lib/fiscal/nfe";
import { checkReformEvent, type ReformEventCode } from "@/lib/fiscal/nfe";
import { nfeItemsForReformEvents } from "@/lib/fiscal/nfe/reform-event-items";
import { xmlsecVerify } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { db, type TestCompany } from "@/test/factories";
import { failNextInsert } from "@/test/fail-next-event-record";
import { reconcileIntentInBackground } from "@/lib/document-events/reconcile-intents";
import { call } from "@/test/http";

// Issue 52, "Done when": company A issues an NF-e with IBS/CBS to company B in
// the same installation, the simulator playing the SVRS and the national
// distribution between them. A registers 112110 and B sees it; B registers
// 211130 and 211120 for items of it and A sees them; B cancels one with
// 110001; every event XML validates against its schemas and xmlsec1 verifies it.
simulatorFixture();
let issuer: TestCompany;
let recipient: TestCompany;

const sync = async (company: TestCompany) => {
  await db.receivedSync.updateMany({ where: { companyId: company.companyId }, data: { notBefore: new Date(Date.now() - 1000) } });
  await db.simulatorDistributionParty.updateMany({ where: { party: company.cnpj }, data: { caughtUpAt: new Date(Date.now() - 2 * 60 * 60 * 1000) } });
  const answer = await call(syncRoute, { method: "POST", path: "/v1/received-documents/sync", key: company.key });
  expect(answer.status, answer.text).toBe(200);
};
const issuerEvent = (id: string, body: unknown) => call(issuerEventRoute, { method: "POST", path: `/v1/fiscal-documents/${id}/events`, key: issuer.key, body, params: { id } });
const issuedEvents = (id: string, key = issuer.key) => call(listIssuedEventsRoute, { path: `/v1/fiscal-documents/${id}/events`, key, params: { id } });
const acquirerEvent = (id: string, body: unknown) => call(acquirerEventRoute, { method: "POST", path: `/v1/received-documents/${id}/events`, key: recipient.key, body, params: { id } });
const receivedEvents = (id: string) => call(listReceivedEventsRoute, { path: `/v1/received-documents/${id}/events`, key: recipient.key, params: { id } });

/** The signed <evento> validates against envEvento and its e<tpEvento> schema, and xmlsec1 verifies its signature. */
function expectValidSignedEvent(xml: string, code: string) {
  const evento = extractElement(xml, "evento") ?? xml;
  expect(checkReformEvent(evento, code as ReformEventCode), code).toEqual({ valid: true });
  const verified = xmlsecVerify(evento, "infEvento");
  expect(verified.ok, verified.output).toBe(true);
  if (/<procEventoNFe/.test(xml)) expect(checkXmlSchema(xml, "nfe/procEventoNFe_v1.00.xsd"), code).toEqual({ valid: true });
}

beforeAll(async () => {
  issuer = await createEmittingCompany();
  recipient = await createEmittingCompany();
});

describe("the reform's IBS/CBS events between issuer and recipient (NT 2025.002-RTC, item 8)", () => {
  it("112110 reaches the recipient; 211130 and 211120 reach the issuer; a 110001 cancels one on both sides", { timeout: 120_000 }, async () => {
    const issued = await authorizedDocument(issuer.companyId, { overrides: { client: { ...draftBody().client, document: recipient.cnpj } } });
    const item = nfeItemsForReformEvents(issued.authorizedXml!).get(1)!;
    expect(Number(item.vIBS), "the NF-e carries IBS/CBS").toBeGreaterThan(0);
    await sync(recipient);
    const received = await db.receivedDocument.findFirstOrThrow({ where: { companyId: recipient.companyId, accessKey: issued.accessKey! } });

    // A: 112110. The wrong party's body is refused by the schema of the route (400), an NFC-e-only rule aside.
    expect((await issuerEvent(issued.id, { type: "211130", items: [] })).status).toBe(400);
    const paid = await issuerEvent(issued.id, { type: "112110" });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body).toMatchObject({ type: "112110", sequence: 1, author: "ISSUER", status: "REGISTERED", protocol: expect.stringMatching(/^\d{15}$/) });
    expect(await db.domainEvent.count({ where: { documentId: issued.id, type: "document.event_registered" } })).toBe(1);
    const paidXml = await call(issuedEventXmlRoute, { path: `/v1/fiscal-documents/${issued.id}/events/${paid.body.id}/xml`, key: issuer.key, params: { id: issued.id, eventId: paid.body.id } });
    expect(paidXml.status, paidXml.text).toBe(200);
    expect(paidXml.text).toContain("<indQuitacao>1</indQuitacao>");
    expect(paidXml.headers.get("content-disposition")).toContain(`${issued.accessKey}-nfe-evento-112110-01.xml`);

    // B sees it on its received document.
    await sync(recipient);
    const seen = await receivedEvents(received.id);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.data).toEqual([expect.objectContaining({ type: "112110", author: "ISSUER", status: "REGISTERED", protocol: paid.body.protocol })]);
    const updates = await db.domainEvent.findMany({ where: { companyId: recipient.companyId, type: "received_document.updated" } });
    expect(updates.map((u) => (u.data as { change: string; event?: { type: string } }).event?.type)).toContain("112110");

    // B: the authority's item rules (2P24-10 1096, 2P25-10 1097).
    const unknownItem = await acquirerEvent(received.id, { type: "211130", items: [{ item: 7, ibsAmount: "0.01", cbsAmount: "0.01", quantity: "1", unit: "UN" }] });
    expect(unknownItem.status).toBe(422);
    expect(unknownItem.body.message).toContain("1096");
    const tooMuch = await acquirerEvent(received.id, { type: "211130", items: [{ item: 1, ibsAmount: "999999.00", cbsAmount: "0.01", quantity: "1", unit: "UN" }] });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toContain("1097");

    // B: 211130 and 211120 for item 1.
    const half = (value: string) => (Math.floor(Number(value) * 50) / 100).toFixed(2);
    const fixedAsset = await acquirerEvent(received.id, { type: "211130", items: [{ item: 1, ibsAmount: half(item.vIBS), cbsAmount: half(item.vCBS), quantity: "1", unit: item.uCom }] });
    expect(fixedAsset.status, fixedAsset.text).toBe(201);
    expect(fixedAsset.body).toMatchObject({ type: "211130", sequence: 1, author: "RECIPIENT", status: "REGISTERED" });
    const personal = await acquirerEvent(received.id, {
      type: "211120",
      items: [{ item: 1, ibsAmount: "0.01", cbsAmount: "0.01", quantity: "0.5", unit: item.uCom, referencedAccessKey: issued.accessKey, referencedItem: 1 }],
    });
    expect(personal.status, personal.text).toBe(201);

    // A sees them on the issued document.
    await sync(issuer);
    const onIssued = await issuedEvents(issued.id);
    expect(onIssued.status, onIssued.text).toBe(200);
    expect(onIssued.body.data.map((e: { type: string; author: string; status: string }) => [e.type, e.author, e.status])).toEqual([
      ["112110", "ISSUER", "REGISTERED"],
      ["211130", "RECIPIENT", "REGISTERED"],
      ["211120", "RECIPIENT", "REGISTERED"],
    ]);
    expect(await db.domainEvent.count({ where: { documentId: issued.id, type: "document.event_registered" } })).toBe(3);

    // The issuer cannot cancel the recipient's event; B cancels its 211120 with 110001.
    const notTheirs = await call(cancelIssuerEventRoute, {
      method: "DELETE", path: `/v1/fiscal-documents/${issued.id}/events/x`, key: issuer.key,
      body: { justification: "Lançamento feito por engano no sistema" }, params: { id: issued.id, eventId: onIssued.body.data[2].id },
    });
    expect(notTheirs.status).toBe(422);
    expect(notTheirs.body.code).toBe("event_not_cancellable");
    const cancel = await call(cancelAcquirerEventRoute, {
      method: "DELETE", path: `/v1/received-documents/${received.id}/events/${personal.body.id}`, key: recipient.key,
      body: { justification: "Item destinado ao ativo, não ao consumo pessoal" }, params: { id: received.id, eventId: personal.body.id },
    });
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.body).toMatchObject({ type: "110001", sequence: 1, author: "RECIPIENT" });
    const again = await call(cancelAcquirerEventRoute, {
      method: "DELETE", path: `/v1/received-documents/${received.id}/events/${personal.body.id}`, key: recipient.key,
      body: { justification: "Item destinado ao ativo, não ao consumo pessoal" }, params: { id: received.id, eventId: personal.body.id },
    });
    expect(again.status).toBe(422);
    const afterCancel = (await receivedEvents(received.id)).body.data.map((e: { type: string; status: string }) => [e.type, e.status]);
    expect(afterCancel).toEqual([["112110", "REGISTERED"], ["211130", "REGISTERED"], ["211120", "CANCELLED"], ["110001", "REGISTERED"]]);

    await sync(issuer);
    const finalIssued = (await issuedEvents(issued.id)).body.data.map((e: { type: string; status: string }) => [e.type, e.status]);
    expect(finalIssued).toEqual([["112110", "REGISTERED"], ["211130", "REGISTERED"], ["211120", "CANCELLED"], ["110001", "REGISTERED"]]);

    // Every event XML, on both sides: schema-valid and signed.
    const issuedRows = await db.documentEvent.findMany({ where: { documentId: issued.id, kind: { in: ["REFORM_EVENT", "REFORM_EVENT_CANCELLATION"] } } });
    for (const row of issuedRows) expectValidSignedEvent(row.responseXml!, row.eventCode!);
    const receivedRows = await db.receivedDocumentEvent.findMany({ where: { receivedDocumentId: received.id } });
    for (const row of receivedRows.filter((r) => /^(1121|2111|110001)/.test(r.eventType))) expectValidSignedEvent(row.xml, row.eventType);
    const download = await call(receivedEventXmlRoute, { path: `/v1/received-documents/${received.id}/events/${cancel.body.id}/xml`, key: recipient.key, params: { id: received.id, eventId: cancel.body.id } });
    expect(download.status).toBe(200);
    expect(download.text).toContain("<tpEventoAut>211120</tpEventoAut>");
    // Another company's document is not found.
    expect((await issuedEvents(issued.id, recipient.key)).status).toBe(404);
  });

  it("a recipient's event whose recording failed after the SVRS registered it: the retry answers it, nothing registered twice", { timeout: 120_000 }, async () => {
    const issued = await authorizedDocument(issuer.companyId, { overrides: { client: { ...draftBody().client, document: recipient.cnpj } } });
    await sync(recipient);
    const received = await db.receivedDocument.findFirstOrThrow({ where: { companyId: recipient.companyId, accessKey: issued.accessKey! } });
    const body = { type: "211124", items: [{ item: 1, ibsAmount: "0.01", cbsAmount: "0.01", quantity: "1", unit: "UN" }] };
    const removeFailure = await failNextInsert("ReceivedDocumentEvent", "receivedDocumentId", received.id, "injected failure after the authority registered the event");
    const failed = await acquirerEvent(received.id, body);
    await removeFailure();
    expect(failed.status).toBe(500);
    // Divergent for now: the SVRS holds it, we hold a PENDING intent naming the received NF-e.
    expect(await db.simulatorEvent.count({ where: { document: { accessKey: issued.accessKey! }, eventType: "211124" } })).toBe(1);
    expect(await db.documentEventIntent.findMany({ where: { receivedDocumentId: received.id }, select: { status: true, eventCode: true } })).toEqual([{ status: "PENDING", eventCode: "211124" }]);

    const retried = await acquirerEvent(received.id, body);
    expect(retried.status, retried.text).toBe(201);
    expect(retried.body).toMatchObject({ type: "211124", sequence: 1, status: "REGISTERED", details: { reconciled: true } });

    // Without a retry, the background run's step (reconcile-document-event) records it the same way.
    const removeAgain = await failNextInsert("ReceivedDocumentEvent", "receivedDocumentId", received.id, "injected failure after the authority registered the event");
    const body2 = { type: "211124", items: [{ item: 1, ibsAmount: "0.02", cbsAmount: "0.02", quantity: "1", unit: "UN" }] };
    expect((await acquirerEvent(received.id, body2)).status).toBe(500);
    await removeAgain();
    const pending = await db.documentEventIntent.findFirstOrThrow({ where: { receivedDocumentId: received.id, status: "PENDING" } });
    expect(await reconcileIntentInBackground({ companyId: recipient.companyId, documentId: received.id, intentId: pending.id })).toEqual({ status: "recorded" });
    expect(await db.receivedDocumentEvent.findMany({ where: { receivedDocumentId: received.id, eventType: "211124" }, select: { sequence: true }, orderBy: { sequence: "asc" } })).toEqual([{ sequence: 1 }, { sequence: 2 }]);
    expect(await db.simulatorEvent.count({ where: { document: { accessKey: issued.accessKey! }, eventType: "211124" } })).toBe(2);
    expect(await db.documentEventIntent.findMany({ where: { receivedDocumentId: received.id }, select: { status: true } })).toEqual([{ status: "RECORDED" }, { status: "RECORDED" }]);
  });

  it("an issuer's event whose recording failed: the retry answers the registered one (no second 112120)", { timeout: 120_000 }, async () => {
    const issued = await authorizedDocument(issuer.companyId, { overrides: { client: { ...draftBody().client, document: recipient.cnpj } } });
    const body = { type: "112120", items: [{ item: 1, ibsAmount: "0.01", cbsAmount: "0.01", quantity: "1", unit: "UN" }] };
    const removeFailure = await failNextInsert("DocumentEvent", "documentId", issued.id, "injected failure after the authority registered the event");
    expect((await issuerEvent(issued.id, body)).status).toBe(500);
    await removeFailure();
    const retried = await issuerEvent(issued.id, body);
    expect(retried.status, retried.text).toBe(201);
    expect(retried.body).toMatchObject({ type: "112120", sequence: 1, status: "REGISTERED", details: { reconciled: true } });
    expect(await db.simulatorEvent.count({ where: { document: { accessKey: issued.accessKey! }, eventType: "112120" } })).toBe(1);
    expect(await db.documentEvent.count({ where: { documentId: issued.id, eventCode: "112120" } })).toBe(1);
    expect(await db.domainEvent.count({ where: { documentId: issued.id, type: "document.event_registered" } })).toBe(1);
  });
});
