import { afterAll, describe, expect, it } from "vitest";
import { POST as cancelRoute } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { POST as correctionRoute } from "@/app/v1/fiscal-documents/[id]/correction-letter/route";
import { GET as danfeRoute } from "@/app/v1/fiscal-documents/[id]/danfe/route";
import { POST as emitRoute } from "@/app/v1/fiscal-documents/[id]/emit/route";
import { GET as getRoute } from "@/app/v1/fiscal-documents/[id]/route";
import { GET as xmlRoute } from "@/app/v1/fiscal-documents/[id]/xml/route";
import { GET as listRoute } from "@/app/v1/fiscal-documents/route";
import { POST as redispatchRoute } from "@/app/v1/fiscal-documents/[id]/webhook/route";
import { POST as backfillRoute } from "@/app/v1/webhooks/backfill/route";
import { POST as inutilizeRoute } from "@/app/v1/fiscal-inutilizations/route";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import { applyWebhookTestSettings, createEndpoint, documentWithOutcome, drainWebhooks } from "@/lib/webhooks/testing/webhook-fixtures";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { createDraft, createEmittingCompany, emitAndDrain } from "./testing/emission-fixtures";
import { simulatorFixture } from "./testing/simulator-company-fixture";

// Uso denegado (MOC 7.0 cStat 110, 301, 302, 303) through the whole pipeline:
// the simulator denies on a fault rule, the document ends DENIED with the
// protocol, its nfeProc is kept and downloadable, and the number is spent.

applyWebhookTestSettings();
const fixture = simulatorFixture();
const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

/** Counts the authorizations of this key that reach the simulator until `stop` (its fault registry sees every request while a rule is registered). */
function countAuthorizations(accessKey: string): { count: () => number; stop: () => void } {
  let seen = 0;
  const faults = fixture.simulator.faults;
  const original = faults.take;
  faults.take = function (service, fields) {
    if (service === "NFeAutorizacao4" && fields.accessKey === accessKey) seen += 1;
    return original.call(this, service, fields);
  };
  return { count: () => seen, stop: () => void (faults.take = original) };
}

/**
 * A key the authority denied (the simulator's deny rule), stored REJECTED as before DENIED existed
 * (issue 32, problem 4), with its events gone; `reset` sets the attempt counter (undefined: kept, so
 * the next send consults first).
 */
async function deniedButStoredRejected(cStat: "301" | "302", reset: { emissionAttempts: number | undefined }) {
  const company = await createEmittingCompany();
  const draft = await createDraft(company.companyId);
  fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "deny", cStat }, times: 1 });
  await emitAndDrain(company.companyId, draft.id);
  const first = await load(draft.id);
  await db.fiscalDocument.update({ where: { id: draft.id }, data: { status: "REJECTED", protocolNumber: null, authorizedXml: null, ...reset } });
  await db.documentEvent.deleteMany({ where: { documentId: draft.id } });
  return { company, draft, first };
}

const load = (id: string) => db.fiscalDocument.findUniqueOrThrow({ where: { id }, include: { events: true } });
const at = (path: string, id: string) => ({ path: `/v1/fiscal-documents/${id}${path}`, params: { id } });

describe("a denied authorization (uso denegado)", () => {
  it("ends DENIED with protocol and reason, keeps a schema-valid nfeProc, spends the number and sends document.denied", async () => {
    const company = await createEmittingCompany();
    const hooks = await startReceiver();
    receivers.push(hooks);
    const endpoint = await createEndpoint(company.key, { url: hooks.url, events: ["DOCUMENT_DENIED"] });
    const draft = await createDraft(company.companyId);
    fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "deny", cStat: "302" }, times: 1 });
    await emitAndDrain(company.companyId, draft.id);

    const denied = await load(draft.id);
    expect(denied.status, denied.rejectionReason ?? "").toBe("DENIED");
    expect(denied.protocolNumber).toMatch(/^\d{15}$/);
    expect(denied.rejectionCode).toBe("302");
    expect(denied.rejectionReason).toBe("302 - Uso Denegado: Irregularidade fiscal do destinatário");
    expect(denied.authorizationDate).toBeNull();
    expect(denied.events.map((e) => [e.kind, e.outcome, e.cStat, e.protocol])).toEqual([["DENIAL", "DENIED", "302", denied.protocolNumber]]);
    expect((await db.domainEvent.findMany({ where: { documentId: draft.id } })).map((e) => e.type)).toEqual(["document.denied"]);
    // The simulator kept the denial under the same protocol.
    expect(await db.simulatorDocument.findFirstOrThrow({ where: { accessKey: denied.accessKey! } })).toMatchObject({ status: "DENIED", denialCStat: "302", protocol: denied.protocolNumber });

    // The denied nfeProc: the signed NFe with the authority's protNFe (cStat 302), valid against procNFe_v4.00.xsd.
    const xml = await call(xmlRoute, { ...at("/xml", draft.id), key: company.key });
    expect(xml.status, xml.text).toBe(200);
    expect(xml.text).toBe(denied.authorizedXml);
    expect(xml.text).toContain("<cStat>302</cStat>");
    expect(xml.text).toContain(`<nProt>${denied.protocolNumber}</nProt>`);
    expect(checkXmlSchema(xml.text, "nfe/procNFe_v4.00.xsd")).toEqual({ valid: true });

    const detail = await call(getRoute, { ...at("", draft.id), key: company.key });
    expect(detail.body).toMatchObject({ status: "DENIED", protocolNumber: denied.protocolNumber, rejectionReason: denied.rejectionReason, xmlUrl: `/v1/fiscal-documents/${draft.id}/xml`, pdfUrl: null });
    const listed = await call(listRoute, { path: "/v1/fiscal-documents?status=DENIED&environment=ALL", key: company.key });
    expect(listed.body.data.map((d: { id: string }) => d.id)).toEqual([draft.id]);

    // The number is used for good: emit, cancel, correction letter and DANFE are refused with document_denied.
    const refusals = [
      await call(emitRoute, { ...at("/emit", draft.id), method: "POST", key: company.key }),
      await call(cancelRoute, { ...at("/cancel", draft.id), method: "POST", key: company.key, body: { justification: "Cancelamento de nota denegada no teste" } }),
      await call(correctionRoute, { ...at("/correction-letter", draft.id), method: "POST", key: company.key, body: { correction: "Correcao do endereco do destinatario no teste" } }),
      await call(danfeRoute, { ...at("/danfe", draft.id), key: company.key }),
    ];
    for (const res of refusals) expect([res.status, res.body?.code], res.text).toEqual([422, "document_denied"]);
    expect((await load(draft.id)).status).toBe("DENIED");
    // Nor can the number be inutilized: the authority registered it (241).
    const inutilization = await call(inutilizeRoute, {
      method: "POST", path: "/v1/fiscal-inutilizations", key: company.key,
      body: { series: denied.series, startNumber: denied.number, endNumber: denied.number, justification: "Tentativa de inutilizar numero denegado" },
    });
    expect([inutilization.status, inutilization.body.code], inutilization.text).toEqual([422, "inutilization_range_in_use"]);

    // document.denied reaches the endpoint subscribed to DOCUMENT_DENIED.
    await drainWebhooks(company.companyId);
    const delivered = hooks.received.filter((r) => r.headers["x-webhook-event"] === "document.denied");
    expect(delivered).toHaveLength(1);
    expect(JSON.parse(delivered[0]!.body)).toMatchObject({
      type: "document.denied",
      data: { documentId: draft.id, accessKey: denied.accessKey, protocolNumber: denied.protocolNumber, rejectionReason: denied.rejectionReason, authorizationDate: null },
    });
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id, eventType: "document.denied", status: "SUCCEEDED" } })).toBe(1);
  });

  it.each([
    ["110", "Uso Denegado"],
    ["301", "Uso Denegado: Irregularidade fiscal do emitente"],
    ["303", "Uso Denegado: Destinatário não habilitado a operar na UF"],
  ] as const)("cStat %s is a denial too (%s)", async (cStat, xMotivo) => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "deny", cStat }, times: 1 });
    await emitAndDrain(company.companyId, draft.id);
    const denied = await load(draft.id);
    expect([denied.status, denied.rejectionReason]).toEqual(["DENIED", `${cStat} - ${xMotivo}`]);
    expect(checkXmlSchema(denied.authorizedXml!, "nfe/procNFe_v4.00.xsd")).toEqual({ valid: true });
  });

  // Denials stored as REJECTED before DENIED existed (issue 32, problem 4) could be emitted again:
  // the key is denied at the authority, so the consultation (first, or after a 205) takes the denial.
  it.each([
    ["consults first, as for any re-send", { emissionAttempts: undefined }],
    ["is answered 205 and then consults", { emissionAttempts: 0 }],
  ] as const)("a re-emission of a key the authority denied %s, and ends DENIED", async (_, reset) => {
    const { company, draft, first } = await deniedButStoredRejected("301", reset);

    await emitAndDrain(company.companyId, draft.id);
    const denied = await load(draft.id);
    expect([denied.status, denied.protocolNumber, denied.accessKey]).toEqual(["DENIED", first.protocolNumber, first.accessKey]);
    expect(denied.events.map((e) => [e.kind, e.cStat, (e.details as { via: string }).via])).toEqual([["DENIAL", "301", "consult"]]);
    expect(checkXmlSchema(denied.authorizedXml!, "nfe/procNFe_v4.00.xsd")).toEqual({ valid: true });
    expect(await db.simulatorDocument.count({ where: { accessKey: denied.accessKey! } })).toBe(1);
  });

  // SEFAZ-PR answers the consultation of a denied key with the denial's cStat at the top of
  // retConsSitNFe and no protNFe (PR-v4_8_77, 2024, sped-nfe issue #1087; test/fixtures/authority-answers).
  // Read as a refusal, the pipeline re-sent, was answered 205 and ended REJECTED with the number spent.
  it.each([
    ["consults first and never re-sends", { emissionAttempts: undefined }, 0],
    ["is answered 205, consults, and stops there", { emissionAttempts: 0 }, 1],
  ] as const)("a consultation answered 302 without protNFe (SEFAZ-PR) %s: DENIED without a protocol", async (_, reset, sends) => {
    const { company, draft, first } = await deniedButStoredRejected("302", reset);
    const consultations = fixture.simulator.faults.add({ service: "NFeConsultaProtocolo4", accessKey: first.accessKey!, action: { kind: "consult_without_protnfe" } });
    const authorizations = countAuthorizations(first.accessKey!);

    await emitAndDrain(company.companyId, draft.id);
    consultations();
    authorizations.stop();
    const denied = await load(draft.id);
    expect([denied.status, denied.protocolNumber, denied.rejectionCode, denied.rejectionReason, denied.authorizedXml]).toEqual(["DENIED", null, "302", "302 - Uso Denegado: Irregularidade fiscal do destinatário", null]);
    expect(denied.events.map((e) => [e.kind, e.cStat, (e.details as { via: string; withoutProtocol?: boolean }).via, (e.details as { withoutProtocol?: boolean }).withoutProtocol])).toEqual([["DENIAL", "302", "consult", true]]);
    expect(authorizations.count()).toBe(sends);
    // DENIED is final: emitting again is refused without a call.
    const again = await call(emitRoute, { ...at("/emit", draft.id), method: "POST", key: company.key });
    expect([again.status, again.body?.code]).toEqual([422, "document_denied"]);
  });

  it("a rejection is not a denial: the document stays REJECTED and can be emitted again", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "reject", cStat: "778", reason: "Informado NCM inexistente" }, times: 1 });
    await emitAndDrain(company.companyId, draft.id);
    expect((await load(draft.id)).status).toBe("REJECTED");
    await emitAndDrain(company.companyId, draft.id);
    expect((await load(draft.id)).status).toBe("AUTHORIZED");
  });
});

describe("document.denied outside emission", () => {
  it("backfill and re-dispatch send document.denied for a DENIED document", async () => {
    const company = await createEmittingCompany();
    const denied = await documentWithOutcome(company.companyId, "document.denied");
    // The endpoint comes later: the denial's own dispatch reached nobody.
    const hooks = await startReceiver();
    receivers.push(hooks);
    await createEndpoint(company.key, { url: hooks.url, events: ["DOCUMENT_DENIED"] });
    const range = { from: "2000-01-01T00:00:00Z", to: "2100-01-01T00:00:00Z" };
    const started = await call(backfillRoute, { method: "POST", path: "/v1/webhooks/backfill", key: company.key, body: range });
    expect(started.status, started.text).toBe(202);
    expect(started.body).toMatchObject({ matched: 1 });
    await drainWebhooks(company.companyId);
    const again = await call(redispatchRoute, { ...at("/webhook", denied.id), method: "POST", key: company.key });
    expect([again.status, again.body]).toEqual([202, { dispatched: 1 }]);
    await drainWebhooks(company.companyId);
    const received = hooks.received.filter((r) => r.headers["x-webhook-event"] === "document.denied").map((r) => JSON.parse(r.body));
    expect(received).toHaveLength(2);
    for (const body of received) expect(body.data).toMatchObject({ documentId: denied.id, rejectionReason: "302 - Uso Denegado: Irregularidade fiscal do destinatário" });
  });
});

