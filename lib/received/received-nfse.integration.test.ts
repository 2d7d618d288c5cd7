import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { POST as cancel } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { GET as issuedXml } from "@/app/v1/fiscal-documents/[id]/xml/route";
import { GET as listRoute } from "@/app/v1/received-documents/route";
import { GET as getRoute } from "@/app/v1/received-documents/[id]/route";
import { GET as xmlRoute } from "@/app/v1/received-documents/[id]/xml/route";
import { GET as danfeRoute } from "@/app/v1/received-documents/[id]/danfe/route";
import { POST as manifestRoute } from "@/app/v1/received-documents/[id]/manifestation/route";
import { POST as syncRoute } from "@/app/v1/received-documents/sync/route";
import { functions } from "@/inngest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { createNfseCompany, nfseBody } from "@/lib/emission/nfse/testing";
import { createEmittingCompany, startTestSimulator } from "@/lib/emission/testing/emission-fixtures";
import { receivedPages } from "@/lib/exports/walk-received";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { syncReceivedNfse } from "./nfse-sync";
import { queueReceivedSyncRuns } from "./schedule";
import { receivedSyncStatus } from "./sync";

// Issue 57, item 5, "Done when": a company that is the taker of an NFS-e issued by another
// company of the installation finds it in its received documents through the ADN's
// distribution: the real emission (Sefin simulator), the real ADN client against the
// simulated ADN over HTTP, PostgreSQL state.

let simulator: SimulatorServer;
beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(async () => {
  await simulator?.close();
});

const sync = (company: TestCompany) => call(syncRoute, { method: "POST", path: "/v1/received-documents/sync", key: company.key });
const list = (company: TestCompany, query = "") => call(listRoute, { path: `/v1/received-documents${query}`, key: company.key });

async function issueNfseTo(provider: TestCompany, taker: TestCompany): Promise<{ id: string; accessKey: string; xml: string }> {
  const body = nfseBody();
  const created = await call(create, { method: "POST", path: "/v1/fiscal-documents", key: provider.key, body: { ...body, client: { ...body.client, document: taker.cnpj }, emit: true } });
  expect(created.status).toBe(201);
  await drainDueRuns(functions, { companyIds: [provider.companyId] });
  const id = created.body.id as string;
  const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id } });
  expect(stored.status).toBe("AUTHORIZED");
  const xml = await call(issuedXml, { path: `/v1/fiscal-documents/${id}/xml?type=authorized`, key: provider.key, params: { id } });
  return { id, accessKey: stored.accessKey!, xml: xml.text };
}

/** The ADN's hour (and the NF-e distribution's) passes for the company. */
async function passTheHour(company: TestCompany) {
  const past = new Date(Date.now() - 1000);
  await db.receivedNfseSync.updateMany({ where: { companyId: company.companyId }, data: { notBefore: past } });
  await db.receivedSync.updateMany({ where: { companyId: company.companyId }, data: { notBefore: past } });
}

describe("received NFS-e through the ADN distribution", () => {
  it("the taker finds the provider's NFS-e, then its cancellation; the provider never receives its own; repeated pages change nothing", { timeout: 120_000 }, async () => {
    const provider = await createNfseCompany();
    const taker = await createEmittingCompany();
    const issued = await issueNfseTo(provider, taker);

    const first = await sync(taker);
    expect(first.status).toBe(200);
    expect(first.body.nfse).toMatchObject({ status: "synced", created: 1, lastNsu: "1", reason: null });
    expect(Date.parse(first.body.nfse.nextSyncAt)).toBeGreaterThan(Date.now());
    // Inside the wait the ADN is not asked (the API's 429 follows the NF-e distribution's wait; the run answers waiting).
    const inside = await syncReceivedNfse(taker.companyId);
    expect(inside.status).toBe("waiting");

    const page = await list(taker, "?type=NFSE");
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(1);
    const received = page.body.data[0];
    expect(received).toMatchObject({
      type: "NFSE", accessKey: issued.accessKey, issuer: { document: provider.cnpj, stateRegistration: null }, totalValue: "1750.00",
      operation: "saida", authorityStatus: "AUTHORIZED", manifestation: null, hasXml: true, nsu: "1", environment: "HOMOLOGATION",
    });
    expect(received.issuer.name).not.toBe("");
    expect(page.body.totals).toEqual({ count: 1, totalValue: "1750.00" });
    expect((await list(taker, "?type=NFE")).body.data).toEqual([]);

    // The XML is the NFS-e the provider holds, byte for byte (Sefin's signature still verifies), under its own file name.
    const xml = await call(xmlRoute, { path: `/v1/received-documents/${received.id}/xml?download=true`, key: taker.key, params: { id: received.id } });
    expect(xml.status).toBe(200);
    expect(xml.headers.get("content-disposition")).toBe(`attachment; filename="${issued.accessKey}-nfse.xml"`);
    expect(xml.text).toBe(issued.xml);
    expect(checkXmlSchema(xml.text, "nfse/v1.01/NFSe_v1.01.xsd")).toEqual({ valid: true });
    expect(verifyXmlSignature(xml.text)).toMatchObject({ valid: true });
    const danfse = await call(danfeRoute, { path: `/v1/received-documents/${received.id}/danfe`, key: taker.key, params: { id: received.id } });
    expect(danfse.status).toBe(200);
    expect(danfse.headers.get("content-type")).toBe("application/pdf");

    // The webhook outcome says it is an NFS-e, for the endpoints' document type filter too.
    const events = await db.domainEvent.findMany({ where: { companyId: taker.companyId, type: { startsWith: "received_document." } } });
    expect(events.map((e) => [e.type, e.documentType, (e.data as { documentType: string; change: string }).documentType, (e.data as { change: string }).change])).toEqual([
      ["received_document.created", "NFSE", "NFSE", "created"],
    ]);

    // The manifestation is an NF-e event.
    const manifested = await call(manifestRoute, { method: "POST", path: `/v1/received-documents/${received.id}/manifestation`, key: taker.key, params: { id: received.id }, body: { type: "CIENCIA" } });
    expect(manifested.status).toBe(422);
    expect(manifested.body.code).toBe("manifestation_not_allowed");

    // The accountant's export walks it with the received NF-e.
    const exported = [];
    for await (const rows of receivedPages({ companyId: taker.companyId, environment: "HOMOLOGATION", types: [], from: "2000-01-01", to: "2100-12-31" })) exported.push(...rows);
    expect(exported.map((row) => [row.accessKey, row.documentType])).toEqual([[issued.accessKey, "NFSE"]]);

    // The emitter is never distributed its own NFS-e (Manual Integrado §17.2.2).
    const own = await sync(provider);
    expect(own.body.nfse).toMatchObject({ status: "synced", created: 0, lastNsu: "0" });
    expect((await list(provider)).body.data).toEqual([]);

    // The provider cancels: the event reaches the taker's distribution with the next NSU.
    const cancelled = await call(cancel, { method: "POST", path: `/v1/fiscal-documents/${issued.id}/cancel`, key: provider.key, params: { id: issued.id }, body: { justification: "Serviço faturado em duplicidade" } });
    expect(cancelled.status).toBe(200);
    await passTheHour(taker);
    const second = await sync(taker);
    expect(second.body.nfse).toMatchObject({ status: "synced", created: 0, lastNsu: "2" });
    const detail = await call(getRoute, { path: `/v1/received-documents/${received.id}`, key: taker.key, params: { id: received.id } });
    expect(detail.body).toMatchObject({ type: "NFSE", authorityStatus: "CANCELLED" });
    const event = await db.receivedDocumentEvent.findFirstOrThrow({ where: { receivedDocumentId: received.id } });
    expect(event).toMatchObject({ eventType: "101101", sequence: 1, nsu: "2" });
    expect(checkXmlSchema(event.xml, "nfse/v1.01/evento_v1.01.xsd")).toEqual({ valid: true });
    const updates = await db.domainEvent.findMany({ where: { companyId: taker.companyId, type: "received_document.updated" } });
    expect(updates.map((e) => [(e.data as { change: string }).change, e.documentType])).toEqual([["cancelled", "NFSE"]]);

    // The same pages again (the cursor put back, as after a crash before the commit): nothing new.
    await db.receivedNfseSync.updateMany({ where: { companyId: taker.companyId }, data: { lastNsu: 0n, notBefore: null } });
    const again = await syncReceivedNfse(taker.companyId);
    expect(again).toMatchObject({ status: "synced", created: [], lastNsu: "2" });
    expect(await db.receivedDocument.count({ where: { companyId: taker.companyId } })).toBe(1);
    expect(await db.receivedDocumentEvent.count({ where: { receivedDocumentId: received.id } })).toBe(1);
    expect(await db.domainEvent.count({ where: { companyId: taker.companyId, type: { startsWith: "received_document." } } })).toBe(2);
  });

  it("the company's background run fetches it too, after the NF-e distribution", { timeout: 60_000 }, async () => {
    const provider = await createNfseCompany();
    const taker = await createEmittingCompany();
    const issued = await issueNfseTo(provider, taker);
    expect(await queueReceivedSyncRuns(new Date(), [taker.companyId])).toBe(1);
    await drainDueRuns(functions, { companyIds: [taker.companyId] });
    const stored = await db.receivedDocument.findFirstOrThrow({ where: { companyId: taker.companyId } });
    expect(stored).toMatchObject({ documentType: "NFSE", accessKey: issued.accessKey, nsu: "1", manifestation: "PENDING" });
    const cursor = await db.receivedNfseSync.findUniqueOrThrow({ where: { companyId_environment: { companyId: taker.companyId, environment: "HOMOLOGATION" } } });
    expect(cursor).toMatchObject({ lastNsu: 1n, lastStatus: "NENHUM_DOCUMENTO_LOCALIZADO" });
    // Caught up after a distribution: the manual's hour (RECEIVED_SYNC_WAIT_SECONDS).
    expect(cursor.notBefore!.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
    // "Notas recebidas" shows when the ADN was last asked.
    expect(await receivedSyncStatus(taker.companyId)).toMatchObject({ nfseLastRunAt: cursor.lastRunAt, nfseLastStatus: "NENHUM_DOCUMENTO_LOCALIZADO" });
  });
});
