import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/v1/received-documents/route";
import { GET as xmlRoute } from "@/app/v1/received-documents/[id]/xml/route";
import { POST as syncRoute } from "@/app/v1/received-documents/sync/route";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { POST as cancel } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { GET as getDetail } from "@/app/v1/fiscal-documents/[id]/route";
import { functions } from "@/inngest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { resetEnvCache } from "@/lib/config/env";
import { createNfseCompany, nfseBody } from "@/lib/emission/nfse/testing";
import { createEmittingCompany, startTestSimulator } from "@/lib/emission/testing/emission-fixtures";
import { isValidNfseAccessKey } from "@/lib/fiscal/nfse";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";
import { call } from "@/test/http";

// Issue 57: an NFS-e authorized by a city with its own ABRASF 2.04 system reaches its taker
// through the ADN, as LC 214/2025 art. 62 requires the city to share it: the real emission
// (Ribeirão Preto's simulated ISSNet service), the simulated ADN's national twin of it, the
// real ADN client and the taker's received-documents sync, PostgreSQL state.

let simulator: SimulatorServer;
beforeAll(async () => {
  process.env.AUTHORITY_TIMEOUT_MS = "6000";
  simulator = await startTestSimulator();
  resetEnvCache();
});
afterAll(async () => {
  await simulator?.close();
});

describe("received NFS-e of an ABRASF city through the ADN", () => {
  it("the taker finds the NFS-e Ribeirão Preto authorized (the city's number and values, the provider as issuer, a national-layout XML that validates and verifies), then its cancellation", { timeout: 120_000 }, async () => {
    const provider = await createNfseCompany();
    await db.company.update({ where: { id: provider.companyId }, data: { municipalityCode: "3543402", city: "Ribeirão Preto", zipCode: "14010000" } });
    const taker = await createEmittingCompany();
    const body = nfseBody();
    const created = await call(create, { method: "POST", path: "/v1/fiscal-documents", key: provider.key, body: { ...body, client: { ...body.client, document: taker.cnpj }, emit: true } });
    expect(created.status).toBe(201);
    await drainDueRuns(functions, { companyIds: [provider.companyId] });
    const id = created.body.id as string;
    const issued = (await call(getDetail, { path: `/v1/fiscal-documents/${id}`, key: provider.key, params: { id } })).body;
    expect(issued).toMatchObject({ status: "AUTHORIZED", accessKey: null });

    const synced = await call(syncRoute, { method: "POST", path: "/v1/received-documents/sync", key: taker.key });
    expect(synced.status).toBe(200);
    expect(synced.body.nfse).toMatchObject({ status: "synced", created: 1 });
    const page = await call(listRoute, { path: "/v1/received-documents?type=NFSE", key: taker.key });
    expect(page.body.data).toHaveLength(1);
    const received = page.body.data[0];
    expect(received).toMatchObject({ type: "NFSE", issuer: { document: provider.cnpj }, totalValue: "1750.00", authorityStatus: "AUTHORIZED", hasXml: true });
    // The key a city's own system gives (ambGer 1) in the city of the NFS-e, with its number.
    expect(isValidNfseAccessKey(received.accessKey)).toBe(true);
    expect(received.accessKey.slice(0, 8)).toBe("35434021");
    expect(Number(received.accessKey.slice(23, 36))).toBe(Number(issued.nfseNumber));

    const xml = await call(xmlRoute, { path: `/v1/received-documents/${received.id}/xml`, key: taker.key, params: { id: received.id } });
    expect(xml.status).toBe(200);
    expect(checkXmlSchema(xml.text, "nfse/v1.01/NFSe_v1.01.xsd")).toEqual({ valid: true });
    // Signed on infNFSe by the one who generated it (the DPS inside is the city's conversion, unsigned).
    expect(verifyXmlSignature(xml.text, "infNFSe")).toMatchObject({ valid: true });
    expect(xml.text).toContain("<ambGer>1</ambGer>");
    // The city's values (2 % of 1750.00, as the city computed them), not recomputed.
    expect(xml.text).toMatch(/<valores><vBC>1750.00<\/vBC><pAliqAplic>2.00<\/pAliqAplic><vISSQN>35.00<\/vISSQN><vLiq>1750.00<\/vLiq><\/valores>/);
    expect(xml.text).toContain("<cTribNac>010101</cTribNac>");

    // The provider never receives its own NFS-e; a second sync of the taker adds nothing.
    const own = await call(syncRoute, { method: "POST", path: "/v1/received-documents/sync", key: provider.key });
    expect(own.body.nfse).toMatchObject({ created: 0 });
    await db.receivedNfseSync.updateMany({ where: { companyId: taker.companyId }, data: { notBefore: new Date(Date.now() - 1000) } });
    await db.receivedSync.updateMany({ where: { companyId: taker.companyId }, data: { notBefore: new Date(Date.now() - 1000) } });
    const again = await call(syncRoute, { method: "POST", path: "/v1/received-documents/sync", key: taker.key });
    expect(again.body.nfse).toMatchObject({ created: 0 });

    // The city cancels it (CancelarNfse, CodigoCancelamento 2) and shares the cancellation: e101101 of the twin's key.
    const cancelled = await call(cancel, { method: "POST", path: `/v1/fiscal-documents/${id}/cancel`, key: provider.key, params: { id }, body: { justification: "Serviço não foi prestado ao cliente", nfseReasonCode: "2" } });
    expect(cancelled.status).toBe(200);
    await db.receivedNfseSync.updateMany({ where: { companyId: taker.companyId }, data: { notBefore: new Date(Date.now() - 1000) } });
    await db.receivedSync.updateMany({ where: { companyId: taker.companyId }, data: { notBefore: new Date(Date.now() - 1000) } });
    expect((await call(syncRoute, { method: "POST", path: "/v1/received-documents/sync", key: taker.key })).status).toBe(200);
    const after = await call(listRoute, { path: "/v1/received-documents?type=NFSE", key: taker.key });
    expect(after.body.data[0]).toMatchObject({ accessKey: received.accessKey, authorityStatus: "CANCELLED" });
    const event = await db.receivedDocumentEvent.findFirstOrThrow({ where: { receivedDocumentId: received.id } });
    expect(event).toMatchObject({ eventType: "101101", sequence: 1 });
    expect(checkXmlSchema(event.xml!, "nfse/v1.01/evento_v1.01.xsd")).toEqual({ valid: true });
    expect(verifyXmlSignature(event.xml!, "infEvento")).toMatchObject({ valid: true });
    expect(event.xml).toMatch(/<ambGer>1<\/ambGer>[\s\S]*<e101101><xDesc>Cancelamento de NFS-e<\/xDesc><cMotivo>2<\/cMotivo>/);
  });
});
