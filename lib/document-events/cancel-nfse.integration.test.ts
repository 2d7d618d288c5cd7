import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as cancelRoute } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { POST as createRoute } from "@/app/v1/fiscal-documents/route";
import { functions } from "@/inngest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { resetEnvCache } from "@/lib/config/env";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createNfseCompany, nfseBody } from "@/lib/emission/nfse/testing";
import { startTestSimulator } from "@/lib/emission/testing/emission-fixtures";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db, type TestCompany } from "@/test/factories";
import { claimsInFlight, lockRowsNowait, waitForClaims, waitForIntents, withCompanyCallLimit } from "@/test/authority-call-bound";
import { failNextEventRecord } from "@/test/fail-next-event-record";
import { call } from "@/test/http";

// NFS-e cancellation (e101101) under the same authority-call claim as the NF-e
// events (issue 14, left open: item 2), against the Sefin simulator over HTTP.

let simulator: SimulatorServer;
let company: TestCompany;
beforeAll(async () => {
  // Generous: the bound test holds answers for 2 s and must not see them time out on a busy machine.
  process.env.AUTHORITY_TIMEOUT_MS = "8000";
  simulator = await startTestSimulator();
  resetEnvCache();
  company = await createNfseCompany();
});
afterAll(async () => {
  await simulator?.close();
});
beforeEach(() => simulator.sefinFaults.clear());

const JUSTIFICATION = "Serviço faturado em duplicidade";

async function authorizedNfse(): Promise<{ id: string; accessKey: string }> {
  const created = await call(createRoute, { method: "POST", path: "/v1/fiscal-documents", key: company.key, body: { ...nfseBody(), emit: true } });
  expect(created.status, created.text).toBe(201);
  await drainDueRuns(functions, { companyIds: [company.companyId] });
  const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: created.body.id } });
  expect(document.status).toBe("AUTHORIZED");
  return { id: document.id, accessKey: document.accessKey! };
}

const cancel = (id: string, body: Record<string, unknown> = { justification: JUSTIFICATION }, key = company.key) =>
  call(cancelRoute, { method: "POST", path: `/v1/fiscal-documents/${id}/cancel`, key, body, params: { id } });

describe("NFS-e cancellation: reason code", () => {
  it("sends the given nfseReasonCode as cMotivo, 9 'Outros' by default", async () => {
    const withReason = await authorizedNfse();
    const res = await cancel(withReason.id, { justification: "O serviço não foi prestado ao tomador", nfseReasonCode: "2" });
    expect(res.status, res.text).toBe(200);
    const event = await db.documentEvent.findFirstOrThrow({ where: { documentId: withReason.id, kind: "CANCELLATION" } });
    expect(event.requestXml).toContain("<cMotivo>2</cMotivo><xMotivo>O serviço não foi prestado ao tomador</xMotivo>");
    expect(event.details).toMatchObject({ cMotivo: "2" });
    // What Sefin registered carries the same reason.
    expect(event.responseXml).toContain("<cMotivo>2</cMotivo>");

    const byDefault = await authorizedNfse();
    expect((await cancel(byDefault.id)).status).toBe(200);
    const defaulted = await db.documentEvent.findFirstOrThrow({ where: { documentId: byDefault.id, kind: "CANCELLATION" } });
    expect(defaulted.requestXml).toContain(`<cMotivo>9</cMotivo><xMotivo>${JUSTIFICATION}</xMotivo>`);
  });

  it("400 for a code Anexo II does not list; 422 cancellation_reason_not_allowed on an NF-e", async () => {
    const nfse = await authorizedNfse();
    for (const nfseReasonCode of ["3", "Outros", 9]) {
      const res = await cancel(nfse.id, { justification: JUSTIFICATION, nfseReasonCode });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "validation_error", message: expect.stringContaining("nfseReasonCode") });
    }
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: nfse.id } })).status).toBe("AUTHORIZED");

    const nfe = await authorizedDocument(company.companyId);
    const res = await cancel(nfe.id, { justification: JUSTIFICATION, nfseReasonCode: "1" });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("cancellation_reason_not_allowed");
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: nfe.id } })).status).toBe("AUTHORIZED");
  });
});

describe("NFS-e cancellation: no drift with Sefin", () => {
  it("a cancellation Sefin registered whose record failed is adopted on the retry, with the registered reason and Id", async () => {
    const nfse = await authorizedNfse();
    await failNextEventRecord(nfse.id);
    const failed = await cancel(nfse.id, { justification: JUSTIFICATION, nfseReasonCode: "1" });
    expect(failed.status).toBe(500);
    expect((await db.simulatorNfse.findFirstOrThrow({ where: { accessKey: nfse.accessKey } })).status).toBe("CANCELLED");
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: nfse.id } })).status).toBe("AUTHORIZED");

    // The retry says something else; Sefin holds the first request, and that is what is recorded.
    const retry = await cancel(nfse.id, { justification: "Outro texto enviado na segunda tentativa" });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.message).toContain(`EVT${nfse.accessKey}101101001`);
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: nfse.id }, include: { events: { where: { kind: "CANCELLATION" } } } });
    expect(stored).toMatchObject({ status: "CANCELLED", cancellationReason: JUSTIFICATION, cancellationProtocol: `EVT${nfse.accessKey}101101001` });
    expect(stored.events).toHaveLength(1);
    expect(stored.events[0]).toMatchObject({ outcome: "AUTHORIZED", protocol: `EVT${nfse.accessKey}101101001`, details: { cMotivo: "1", justification: JUSTIFICATION, recovered: true } });
    expect(stored.events[0]!.requestXml).toContain(`<xMotivo>${JUSTIFICATION}</xMotivo>`);
    expect(await db.domainEvent.count({ where: { documentId: nfse.id, type: "document.cancelled" } })).toBe(1);
  });

  // Sefin's event lookup really answers the list `eventos` with arquivoXml (base64 of the gzip-base64
  // text; docs/api-notes/nfse.md), the simulator's default; the Swagger's eventoXmlGZipB64 under a rule.
  it.each([
    ["the list eventos with arquivoXml, as Sefin really answers", null, "eventos"],
    ["the Swagger's eventoXmlGZipB64 (fault rule event_lookup_swagger)", { kind: "event_lookup_swagger" } as const, "eventoXmlGZipB64"],
  ])("a cancellation Sefin registered whose record failed is finished by the background run, with no retry (issue 34): lookup answered with %s", async (_, action, field) => {
    const nfse = await authorizedNfse();
    if (action) simulator.sefinFaults.add({ route: "event_lookup", accessKey: nfse.accessKey, action });
    await failNextEventRecord(nfse.id);
    expect((await cancel(nfse.id, { justification: JUSTIFICATION, nfseReasonCode: "1" })).status).toBe(500);
    const intent = await db.documentEventIntent.findFirstOrThrow({ where: { documentId: nfse.id } });
    expect(intent).toMatchObject({ status: "PENDING", eventCode: "101101", sequence: 1 });
    // The run is due after the call's timeout: let that time pass.
    await db.backgroundRun.updateMany({ where: { documentId: nfse.id, functionId: "reconcile-document-event" }, data: { runAt: new Date(Date.now() - 1_000) } });
    await drainDueRuns(functions, { companyIds: [company.companyId] });
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: nfse.id }, include: { events: { where: { kind: "CANCELLATION" } } } });
    expect(stored).toMatchObject({ status: "CANCELLED", cancellationReason: JUSTIFICATION, cancellationProtocol: `EVT${nfse.accessKey}101101001` });
    expect(stored.events.map((e) => e.id)).toEqual([(await db.documentEventIntent.findUniqueOrThrow({ where: { id: intent.id } })).eventId]);
    expect(await db.domainEvent.count({ where: { documentId: nfse.id, type: "document.cancelled" } })).toBe(1);
    // The shape the reconciler read is the one the simulator serves for this key.
    const lookup = await fetch(`${simulator.url}/SefinNacional/nfse/${nfse.accessKey}/eventos/101101/1`);
    expect(Object.keys(await lookup.json())).toContain(field);
  });

  it("E0840 from another event (no cancellation held at Sefin) is a refusal: the document stays AUTHORIZED", async () => {
    const nfse = await authorizedNfse();
    simulator.sefinFaults.add({ route: "event", accessKey: nfse.accessKey, times: 1, action: { kind: "reject", code: "E0840", description: "O evento de Manifestação de NFS-e - Confirmação do Tomador já está vinculado à NFS-e." } });
    const res = await cancel(nfse.id);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "authority_rejected", message: expect.stringMatching(/^E0840 - .*Confirmação do Tomador/) });
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: nfse.id }, include: { events: { where: { kind: "CANCELLATION" } } } });
    expect(stored.status).toBe("AUTHORIZED");
    expect(stored.events.map((e) => [e.outcome, e.cStat])).toEqual([["REJECTED", "E0840"]]);
    expect(await db.domainEvent.count({ where: { documentId: nfse.id, type: "document.cancelled" } })).toBe(0);
  });

  it("E0840 whose cancellation cannot be looked up is 503: the outcome is unknown and nothing is recorded", async () => {
    const nfse = await authorizedNfse();
    simulator.sefinFaults.add({ route: "event", accessKey: nfse.accessKey, times: 1, action: { kind: "reject", code: "E0840" } });
    simulator.sefinFaults.add({ route: "event_lookup", accessKey: nfse.accessKey, times: 1, action: { kind: "http_500" } });
    const res = await cancel(nfse.id);
    expect(res.status).toBe(503);
    expect(res.body.code).toBe("authority_unavailable");
    expect(await db.documentEvent.count({ where: { documentId: nfse.id, kind: "CANCELLATION" } })).toBe(0);
  });
});

describe("NFS-e cancellation: bounded per company, no lock held during the call", () => {
  it("answers 429 above AUTHORITY_CALLS_PER_COMPANY while the documents' rows stay unlocked; parallel cancels of one document register once", async () => {
    const documents = [await authorizedNfse(), await authorizedNfse(), await authorizedNfse()];
    await withCompanyCallLimit(2, async () => {
      simulator.sefinFaults.add({ route: "event", cnpj: company.cnpj, times: 3, action: { kind: "delay", ms: 2_000, beforeProcessing: true } });
      const calls = documents.map((d) => cancel(d.id));
      await waitForClaims(company.companyId, 2);
      await waitForIntents(documents.map((d) => d.id), 2);
      // While Sefin holds the answers nobody holds the documents' rows.
      expect(await lockRowsNowait(documents.map((d) => d.id))).toBe(3);
      expect(await claimsInFlight(company.companyId)).toBe(2);
      const results = await Promise.all(calls);
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 429]);
      expect(results.find((r) => r.status === 429)!.body.code).toBe("rate_limited");
      expect(await claimsInFlight(company.companyId)).toBe(0);
    });

    // The same document twice at once: the second waits for the first's claim, then finds it CANCELLED.
    const one = await authorizedNfse();
    const both = await Promise.all([cancel(one.id), cancel(one.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(both.find((r) => r.status === 422)!.body.code).toBe("invalid_status");
    expect(await db.documentEvent.count({ where: { documentId: one.id, kind: "CANCELLATION" } })).toBe(1);
  });

  it("treats another company's NFS-e as not found", async () => {
    const nfse = await authorizedNfse();
    const other = await createNfseCompany();
    expect((await cancel(nfse.id, { justification: JUSTIFICATION }, other.key)).status).toBe(404);
  });
});
