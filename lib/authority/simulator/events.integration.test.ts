import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { simpleNfe } from "@/lib/fiscal/nfe/test-support/golden-inputs";
import { SoapTaxAuthority } from "../soap-tax-authority";
import { credentialsFor, signedEvent, signedNfe, type EventFixture } from "../test-support/fiscal-fixtures";
import type { AuthorityTarget } from "../types";
import { CANCELLATION_DEADLINE_MS, CORRECTION_DEADLINE_MS } from "./event-rules";
import { startSimulatorServer, type SimulatorServer } from "./server";

// Each event type through the real client and simulator; a movable clock
// reaches the deadlines.
let simulator: SimulatorServer;
let client: SoapTaxAuthority;
let clockOffsetMs = 0;
const target: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 55 };
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0, now: () => new Date(Date.now() + clockOffsetMs) });
  client = new SoapTaxAuthority({ timeoutMs: 15_000, baseUrl: simulator.url });
});
beforeEach(() => {
  clockOffsetMs = 0;
});
afterAll(async () => {
  await simulator.close();
});

let nextNumber = 1;
async function authorizedNfe() {
  const cnpj = randomCnpj();
  const nfe = signedNfe({ cnpj, series: 1, number: nextNumber++ });
  const result = await client.authorize(target, nfe.xml, credentialsFor(cnpj));
  if (result.kind !== "authorized") throw new Error(`setup: ${JSON.stringify(result)}`);
  return { ...nfe, protocol: result.protocol };
}

function send(doc: { cnpj: string; accessKey: string }, sequence: number, event: EventFixture) {
  return client.sendEvent(target, signedEvent({ cnpj: doc.cnpj, accessKey: doc.accessKey, sequence, event, at: new Date(Date.now() + clockOffsetMs) }), credentialsFor(doc.cnpj));
}

const correction = (n: number): EventFixture => ({ tpEvento: "110110", correction: `Correcao numero ${n} do endereco de entrega` });
const cancellation = (protocol: string): EventFixture => ({ tpEvento: "110111", protocol, justification: "Pedido cancelado pelo cliente antes do envio" });
const deliveryReceipt: EventFixture = { tpEvento: "110130", deliveredAt: new Date(), receiverName: "Maria da Silva", receiverDocument: "12345678909", proof: Buffer.from("imagem do comprovante") };

describe("events (NFeRecepcaoEvento4)", () => {
  it("registers correction letters 1..20, refuses a repeated sequence (573) and the 21st", async () => {
    const doc = await authorizedNfe();
    const first = await send(doc, 1, correction(1));
    expect(first).toMatchObject({ kind: "authorized", cStat: "135" });
    if (first.kind === "authorized") {
      expect(first.protocol).toMatch(/^\d{15}$/);
      expect(first.retEventoXml).toMatch(/^<retEvento versao="1.00"><infEvento Id="ID\d{15}">/);
      expect(checkXmlSchema(first.responseXml, "nfe/retEnvEvento_v1.00.xsd")).toEqual({ valid: true });
    }
    expect(await send(doc, 1, correction(1))).toMatchObject({ kind: "refused", cStat: "573" });
    for (let sequence = 2; sequence <= 20; sequence++) {
      expect((await send(doc, sequence, correction(sequence))).kind).toBe("authorized");
    }
    // Sequence 21 is outside the CC-e schema (nSeqEvento 1..20): refused, never registered.
    expect(await send(doc, 21, correction(21))).toMatchObject({ kind: "refused", cStat: "215" });
  }, 120_000);

  it("refuses a correction letter after 30 days (501)", async () => {
    const doc = await authorizedNfe();
    clockOffsetMs = CORRECTION_DEADLINE_MS + HOUR;
    expect(await send(doc, 1, correction(1))).toMatchObject({ kind: "refused", cStat: "501" });
  });

  it("cancels within the deadline, then refuses a second cancellation and a correction letter", async () => {
    const doc = await authorizedNfe();
    expect(await send(doc, 1, cancellation("123456789012345"))).toMatchObject({ kind: "refused", cStat: "222" });
    const cancelled = await send(doc, 1, cancellation(doc.protocol));
    expect(cancelled).toMatchObject({ kind: "authorized", cStat: "135" });
    expect(await send(doc, 1, cancellation(doc.protocol))).toMatchObject({ kind: "refused" });
    expect(await send(doc, 1, correction(1))).toMatchObject({ kind: "refused", cStat: "580" });
    // The consultation still returns the authorization protocol of a cancelled NF-e.
    expect(await client.consult(target, doc.accessKey, credentialsFor(doc.cnpj))).toMatchObject({ kind: "authorized", protocol: doc.protocol });
  });

  it("refuses a cancellation after 24 hours for NF-e (220)", async () => {
    const doc = await authorizedNfe();
    clockOffsetMs = CANCELLATION_DEADLINE_MS[55] + HOUR;
    expect(await send(doc, 1, cancellation(doc.protocol))).toMatchObject({ kind: "refused", cStat: "220" });
  });

  it("NFC-e: authorized at the NFC-e path, cancellable for 30 minutes only", async () => {
    const nfce: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 65 };
    const issue = async () => {
      const cnpj = randomCnpj();
      const doc = signedNfe({ cnpj, series: 1, number: nextNumber++, model: 65 });
      const result = await client.authorize(nfce, doc.xml, credentialsFor(cnpj));
      if (result.kind !== "authorized") throw new Error(`setup: ${JSON.stringify(result)}`);
      return { ...doc, protocol: result.protocol };
    };
    const early = await issue();
    clockOffsetMs = 20 * 60 * 1000;
    const cancel = signedEvent({ cnpj: early.cnpj, accessKey: early.accessKey, sequence: 1, event: cancellation(early.protocol), at: new Date(Date.now() + clockOffsetMs) });
    expect(await client.sendEvent(nfce, cancel, credentialsFor(early.cnpj))).toMatchObject({ kind: "authorized", cStat: "135" });

    clockOffsetMs = 0;
    const late = await issue();
    clockOffsetMs = CANCELLATION_DEADLINE_MS[65] + 60_000;
    const lateCancel = signedEvent({ cnpj: late.cnpj, accessKey: late.accessKey, sequence: 1, event: cancellation(late.protocol), at: new Date(Date.now() + clockOffsetMs) });
    expect(await client.sendEvent(nfce, lateCancel, credentialsFor(late.cnpj))).toMatchObject({ kind: "refused", cStat: "220" });
  });

  it("a delivery receipt blocks cancellation until it is itself cancelled", async () => {
    const doc = await authorizedNfe();
    const receipt = await send(doc, 1, deliveryReceipt);
    expect(receipt).toMatchObject({ kind: "authorized", cStat: "135" });
    if (receipt.kind !== "authorized") return;
    expect(receipt.retEventoXml).toContain("<cOrgao>91</cOrgao>");
    expect(await send(doc, 1, cancellation(doc.protocol))).toMatchObject({ kind: "refused", cStat: "221" });

    const undo = await send(doc, 1, { tpEvento: "110131", receiptProtocol: receipt.protocol });
    expect(undo).toMatchObject({ kind: "authorized", cStat: "135" });
    expect(await send(doc, 1, cancellation(doc.protocol))).toMatchObject({ kind: "authorized", cStat: "135" });
  });

  it("refuses a delivery-receipt cancellation without a receipt, an event for an unknown key and a foreign author", async () => {
    const doc = await authorizedNfe();
    expect(await send(doc, 1, { tpEvento: "110131", receiptProtocol: "123456789012345" })).toMatchObject({ kind: "refused", cStat: "580" });
    const unknown = signedNfe({ cnpj: doc.cnpj, series: 5, number: 99 });
    expect(await send({ cnpj: doc.cnpj, accessKey: unknown.accessKey }, 1, correction(1))).toMatchObject({ kind: "refused", cStat: "494" });
    const stranger = randomCnpj();
    expect(await send({ cnpj: stranger, accessKey: doc.accessKey }, 1, correction(1))).toMatchObject({ kind: "refused", cStat: "574" });
  });

  it("refuses an event altered after signing (297)", async () => {
    const doc = await authorizedNfe();
    const xml = signedEvent({ cnpj: doc.cnpj, accessKey: doc.accessKey, sequence: 1, event: correction(1) }).replace("Correcao numero 1", "Correcao numero 9");
    expect(await client.sendEvent(target, xml, credentialsFor(doc.cnpj))).toMatchObject({ kind: "refused", cStat: "297" });
  });
});

describe("signer certificate", () => {
  it("refuses a document signed with a certificate outside its validity at receipt (291)", async () => {
    const cnpj = randomCnpj();
    const nfe = signedNfe({ cnpj, series: 2, number: nextNumber++ });
    clockOffsetMs = 400 * 24 * HOUR; // the test certificate is valid for a year
    expect(await client.authorize(target, nfe.xml, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "291" });
  });
});

describe("events at a SEFAZ Virtual de Contingência (issue 50 item 6)", () => {
  const svc: AuthorityTarget = { ...target, contingency: "SVC-AN" };

  it("SVC-AN cancels only the NF-e it authorized (tpEmis 6): an NF-e of SP's own authorizer is not in its database (494), nor is a CC-e offered there", async () => {
    const own = await authorizedNfe();
    const atSvc = await client.sendEvent(svc, signedEvent({ cnpj: own.cnpj, accessKey: own.accessKey, sequence: 1, event: cancellation(own.protocol), at: new Date() }), credentialsFor(own.cnpj));
    expect(atSvc).toMatchObject({ kind: "refused", cStat: "494" });
    // The same cancellation at SP (the home authorizer) is registered.
    expect(await send(own, 1, cancellation(own.protocol))).toMatchObject({ kind: "authorized", cStat: "135" });

    const cnpj = randomCnpj();
    const issuedAt = new Date();
    const svcNfe = signedNfe({ cnpj, series: 1, number: nextNumber++, issuedAt, from: () => simpleNfe({ tpEmis: "6", contingency: { at: issuedAt, reason: "SEFAZ-SP indisponivel: 108 (teste)" } }) });
    const authorized = await client.authorize(svc, svcNfe.xml, credentialsFor(cnpj));
    if (authorized.kind !== "authorized") throw new Error(`setup: ${JSON.stringify(authorized)}`);
    const doc = { cnpj, accessKey: svcNfe.accessKey };
    expect(await client.sendEvent(svc, signedEvent({ ...doc, sequence: 1, event: correction(1), at: new Date() }), credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "494" });
    expect(await client.sendEvent(svc, signedEvent({ ...doc, sequence: 1, event: cancellation(authorized.protocol), at: new Date() }), credentialsFor(cnpj))).toMatchObject({ kind: "authorized", cStat: "135" });
  });
});
