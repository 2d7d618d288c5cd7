import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as manifestRoute } from "@/app/v1/received-documents/[id]/manifestation/route";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createEmittingCompany, draftBody } from "@/lib/emission/testing/emission-fixtures";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { recordRegisteredManifestation } from "./record-manifestation";
import { runReceivedSync } from "./run-sync";
import { syncReceivedDocuments } from "./sync";

// Issue 51, item 3: a manifestation whose answer was lost, and two manifestations in flight,
// against the simulator playing the Ambiente Nacional (AUTHORITY_TIMEOUT_MS 1.5 s, so a delay
// rule of 2.5 s after processing is an answer lost on the way back: registered at the AN,
// 503 to us).

const fixture = simulatorFixture({ authorityTimeoutMs: 1500 });
let issuer: TestCompany;
let recipient: TestCompany;
const LOST = { kind: "delay", ms: 2_500 } as const;

beforeAll(async () => {
  issuer = await createEmittingCompany();
  recipient = await createEmittingCompany();
  await db.company.update({ where: { id: recipient.companyId }, data: { receivedAutoAcknowledge: false } });
});
beforeEach(() => fixture.simulator.faults.clear());

const manifest = (id: string, body: unknown) => call(manifestRoute, { method: "POST", path: `/v1/received-documents/${id}/manifestation`, key: recipient.key, body, params: { id } });

/** An NF-e issued to the recipient and brought in by its distribution run: the received document. */
async function received() {
  const issued = await authorizedDocument(issuer.companyId, { overrides: { client: { ...draftBody().client, document: recipient.cnpj } } });
  await db.receivedSync.updateMany({ where: { companyId: recipient.companyId }, data: { notBefore: null } });
  await db.simulatorDistributionParty.updateMany({ where: { party: recipient.cnpj }, data: { caughtUpAt: null, blockedUntil: null } });
  const sync = await syncReceivedDocuments(recipient.companyId);
  expect(sync.status).toBe("synced");
  return db.receivedDocument.findFirstOrThrow({ where: { companyId: recipient.companyId, accessKey: issued.accessKey! } });
}

/** The manifestation events the simulated AN registered for the key, oldest first. */
const held = (accessKey: string) =>
  db.simulatorEvent.findMany({ where: { document: { accessKey }, eventType: { startsWith: "2102" } }, orderBy: { createdAt: "asc" }, select: { eventType: true, protocol: true } });
const intents = (id: string) => db.manifestationIntent.findMany({ where: { receivedDocumentId: id }, orderBy: { createdAt: "asc" } });

describe("a manifestation whose answer was lost", () => {
  it("stays PENDING with its intent, and the distribution run's reconciliation records it with the AN's protocol", { timeout: 60_000 }, async () => {
    const document = await received();
    fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: recipient.cnpj, times: 1, action: LOST });
    const lost = await manifest(document.id, { type: "CONFIRMACAO" });
    expect([lost.status, lost.body.code]).toEqual([503, "authority_unavailable"]);
    const [registered] = await held(document.accessKey);
    expect(registered).toMatchObject({ eventType: "210200", protocol: expect.stringMatching(/^\d{15}$/) });
    expect(await db.receivedDocument.findUniqueOrThrow({ where: { id: document.id } })).toMatchObject({ manifestation: "PENDING", manifestationProtocol: null });
    expect((await intents(document.id)).map((i) => [i.eventType, i.status])).toEqual([["210200", "PENDING"]]);

    // The run looks at intents older than a call can last.
    await db.manifestationIntent.updateMany({ where: { receivedDocumentId: document.id }, data: { createdAt: new Date(Date.now() - 60_000) } });
    await runReceivedSync(recipient.companyId);
    const after = await db.receivedDocument.findUniqueOrThrow({ where: { id: document.id }, include: { events: true } });
    expect(after).toMatchObject({ manifestation: "CONFIRMED", manifestationProtocol: registered!.protocol });
    const event = after.events.find((e) => e.eventType === "210200")!;
    expect(event.protocol).toBe(registered!.protocol);
    expect(checkXmlSchema(event.xml, "nfe/procEventoNFe_v1.00.xsd")).toEqual({ valid: true });
    expect((await intents(document.id)).map((i) => [i.status, i.protocol])).toEqual([["RECORDED", registered!.protocol]]);
    const outcomes = await db.domainEvent.findMany({ where: { companyId: recipient.companyId, type: "received_document.updated" } });
    expect(outcomes.filter((o) => (o.data as { receivedDocumentId: string; change: string }).receivedDocumentId === document.id && (o.data as { change: string }).change === "manifestation_registered")).toHaveLength(1);
  });

  it.each([
    ["consults the key first and answers with the registered event, without sending again", false],
    ["cannot consult first, is answered 573 by the AN, then consults and records the registered event", true],
  ])("a retry %s", { timeout: 60_000 }, async (_, consultFailsFirst) => {
    const document = await received();
    fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: recipient.cnpj, times: 1, action: LOST });
    expect((await manifest(document.id, { type: "CONFIRMACAO" })).status).toBe(503);
    const [registered] = await held(document.accessKey);
    if (consultFailsFirst) fixture.simulator.faults.add({ service: "NFeConsultaProtocolo4", accessKey: document.accessKey, times: 1, action: { kind: "unavailable" } });

    const retry = await manifest(document.id, { type: "CONFIRMACAO" });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.manifestation).toMatchObject({ type: "CONFIRMED", protocol: registered!.protocol });
    // The AN holds one confirmação; the retry's intent (if it sent) resolved with the same protocol.
    expect(await held(document.accessKey)).toEqual([registered]);
    const resolved = await intents(document.id);
    expect(resolved.map((i) => [i.status, i.protocol])).toEqual(consultFailsFirst ? [["PENDING", null], ["RECORDED", registered!.protocol]] : [["RECORDED", registered!.protocol]]);
    if (consultFailsFirst) expect(resolved[1]!.resolution).toContain("Recovered by consulting the access key");
  });
});

describe("two manifestations in flight", () => {
  it("a ciência answered late, while a confirmação waits for it, never leaves the document at ciência", { timeout: 60_000 }, async () => {
    const document = await received();
    fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: recipient.cnpj, times: 1, action: { kind: "delay", ms: 1_000 } });
    const ciencia = manifest(document.id, { type: "CIENCIA" });
    // The ciência is registered at the AN (its answer on its way back) before the confirmação is asked for.
    for (let i = 0; i < 100 && (await held(document.accessKey)).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const confirmacao = manifest(document.id, { type: "CONFIRMACAO" });
    const [first, second] = await Promise.all([ciencia, confirmacao]);
    expect([first.status, second.status], `${first.text} ${second.text}`).toEqual([200, 200]);
    const events = await held(document.accessKey);
    expect(events.map((e) => e.eventType)).toEqual(["210210", "210200"]);
    expect(await db.receivedDocument.findUniqueOrThrow({ where: { id: document.id } })).toMatchObject({ manifestation: "CONFIRMED", manifestationProtocol: events[1]!.protocol });
  });

  it("a ciência whose answer was lost and is recovered after the confirmação is kept as an event; the document stays CONFIRMED", { timeout: 60_000 }, async () => {
    const document = await received();
    fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: recipient.cnpj, times: 1, action: LOST });
    expect((await manifest(document.id, { type: "CIENCIA" })).status).toBe(503);
    // The confirmação cannot consult first, so the ciência is still unrecorded when it is registered.
    fixture.simulator.faults.add({ service: "NFeConsultaProtocolo4", accessKey: document.accessKey, times: 1, action: { kind: "unavailable" } });
    const confirmed = await manifest(document.id, { type: "CONFIRMACAO" });
    expect(confirmed.status, confirmed.text).toBe(200);
    const [ciencia, confirmacao] = await held(document.accessKey);

    await db.manifestationIntent.updateMany({ where: { receivedDocumentId: document.id }, data: { createdAt: new Date(Date.now() - 60_000) } });
    await runReceivedSync(recipient.companyId);
    const after = await db.receivedDocument.findUniqueOrThrow({ where: { id: document.id }, include: { events: { orderBy: { registeredAt: "asc" } } } });
    expect(after).toMatchObject({ manifestation: "CONFIRMED", manifestationProtocol: confirmacao!.protocol });
    expect(after.events.map((e) => [e.eventType, e.protocol])).toEqual([["210210", ciencia!.protocol], ["210200", confirmacao!.protocol]]);
    const resolved = (await intents(document.id)).map((i) => [i.eventType, i.status, i.protocol]).sort();
    expect(resolved).toEqual([["210200", "RECORDED", confirmacao!.protocol], ["210210", "RECORDED", ciencia!.protocol]]);
  });

  it("recorded at the same moment, ciência and confirmação always leave CONFIRMED (by rank, then by dhRegEvento)", async () => {
    const company = await createEmittingCompany();
    const base = { companyId: company.companyId, environment: "HOMOLOGATION" as const, issuerDocument: issuer.cnpj, issuerName: "Emitente", issueDate: new Date(), totalValue: "10.00", operation: "SAIDA", authorityStatus: "AUTHORIZED", nsu: "000000000000001" };
    const registeredAt = new Date("2026-12-07T10:00:00-03:00");
    const later = new Date("2026-12-07T10:00:05-03:00");
    for (let pair = 0; pair < 10; pair++) {
      const document = await db.receivedDocument.create({ data: { ...base, accessKey: `3526121234567800019555001000000${String(pair).padStart(3, "0")}1000000000` } });
      const record = (type: "CIENCIA" | "CONFIRMACAO", at: Date, protocol: string) =>
        db.$transaction((tx) => recordRegisteredManifestation(tx, document, { type, sequence: 1, protocol, registeredAt: at, procEventoXml: "<procEventoNFe/>" }));
      // The ciência registered later than the confirmação still does not replace it.
      const order = pair % 2 === 0 ? [record("CIENCIA", later, "1"), record("CONFIRMACAO", registeredAt, "2")] : [record("CONFIRMACAO", registeredAt, "2"), record("CIENCIA", later, "1")];
      await Promise.all(order);
      expect(await db.receivedDocument.findUniqueOrThrow({ where: { id: document.id } })).toMatchObject({ manifestation: "CONFIRMED", manifestationProtocol: "2" });
      expect(await db.receivedDocumentEvent.count({ where: { receivedDocumentId: document.id } })).toBe(2);
    }
  });
});
