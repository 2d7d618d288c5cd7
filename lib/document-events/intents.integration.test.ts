import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { POST as cancelRoute } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { POST as receiptRoute } from "@/app/v1/fiscal-documents/[id]/delivery-receipt/route";
import { functions } from "@/inngest";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";
import { failNextEventRecord } from "@/test/fail-next-event-record";
import { call } from "@/test/http";
import { RECONCILE_EVENT_INTENT_FUNCTION_ID } from "./intent-events";
import { authorizedDocument } from "./testing/authorized-document";

// Issue 34 item 7: every synchronous event commits its intent before the call, and an
// unrecorded call is finished by consulting the authority (the background run, or the
// next attempt at once, even when the dead process's claim has not expired).
const fixture = simulatorCompanyFixture({ authorityTimeoutMs: 1_500 });
const JUSTIFICATION = "Pedido cancelado pelo cliente antes da entrega";
const cancel = (id: string) => call(cancelRoute, { method: "POST", path: `/v1/fiscal-documents/${id}/cancel`, key: fixture.company.key, body: { justification: JUSTIFICATION }, params: { id } });

const intentsOf = (documentId: string) => db.documentEventIntent.findMany({ where: { documentId }, orderBy: { createdAt: "asc" } });
const authorityCancellations = (accessKey: string) => db.simulatorEvent.findMany({ where: { document: { accessKey }, eventType: "110111" } });
const reconcileRunOf = (documentId: string) => db.backgroundRun.findFirstOrThrow({ where: { documentId, functionId: RECONCILE_EVENT_INTENT_FUNCTION_ID } });

/** Runs the document's reconcile run as the background worker would once its wait is over. */
async function runReconcilerNow(documentId: string) {
  const run = await reconcileRunOf(documentId);
  expect(run.runAt.getTime()).toBeGreaterThan(Date.now());
  // The run is due after the call's timeout plus a margin: let that time pass.
  return runDueNow(run.id);
}

/** Lets a parked run's wait pass and runs it. */
async function runDueNow(runId: string) {
  await db.backgroundRun.update({ where: { id: runId }, data: { runAt: new Date(Date.now() - 1_000) } });
  await drainDueRuns(functions, { companyIds: [fixture.company.companyId] });
  return db.backgroundRun.findUniqueOrThrow({ where: { id: runId } });
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("event intents", () => {
  it("the intent is committed PENDING with the signed request before the authority answers, and resolved with the answer", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: fixture.company.cnpj, action: { kind: "delay", ms: 600, beforeProcessing: true }, times: 1 });
    const pending = cancel(document.id);
    let during: Awaited<ReturnType<typeof intentsOf>> = [];
    for (let waited = 0; during.length === 0 && waited < 5_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      during = await intentsOf(document.id);
    }
    expect(during).toHaveLength(1);
    expect(during[0]).toMatchObject({ kind: "CANCELLATION", eventCode: "110111", sequence: 1, status: "PENDING", details: { justification: JUSTIFICATION } });
    expect(during[0]!.requestXml).toContain(`<nProt>${document.protocolNumber}</nProt>`);
    expect(await authorityCancellations(document.accessKey!)).toHaveLength(0);

    const res = await pending;
    expect(res.status, res.text).toBe(200);
    const [intent] = await intentsOf(document.id);
    const event = await db.documentEvent.findFirstOrThrow({ where: { documentId: document.id, kind: "CANCELLATION" } });
    expect(intent).toMatchObject({ status: "RECORDED", eventId: event.id });
    // The background run finds nothing left to do.
    const run = await runReconcilerNow(document.id);
    expect(run.status).toBe("SUCCEEDED");
    expect(run.output).toEqual({ status: "already_resolved" });
  });

  it("the background run records a cancellation the authority registered but we never recorded: CANCELLED, its event and document.cancelled", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    await failNextEventRecord(document.id);
    expect((await cancel(document.id)).status).toBe(500);
    const [held] = await authorityCancellations(document.accessKey!);
    expect(held).toBeDefined();
    expect((await intentsOf(document.id)).map((i) => i.status)).toEqual(["PENDING"]);
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("AUTHORIZED");

    const run = await runReconcilerNow(document.id);
    expect(run.status).toBe("SUCCEEDED");
    expect(run.output).toEqual({ status: "recorded" });
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id }, include: { events: true } });
    expect(stored).toMatchObject({ status: "CANCELLED", cancellationReason: JUSTIFICATION, cancellationProtocol: held!.protocol });
    const event = stored.events.find((e) => e.kind === "CANCELLATION");
    expect(event).toMatchObject({ outcome: "AUTHORIZED", cStat: "135", protocol: held!.protocol, details: { justification: JUSTIFICATION, reconciled: true } });
    expect(event?.responseXml).toContain("<procEventoNFe");
    expect(await db.domainEvent.count({ where: { documentId: document.id, type: "document.cancelled" } })).toBe(1);
    expect((await intentsOf(document.id))[0]).toMatchObject({ status: "RECORDED", eventId: event!.id });
  });

  it("the background run records a delivery receipt the authority registered: deliveryReceiptActive and the receipt's event", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    await failNextEventRecord(document.id);
    const body = {
      // Now, written in Brasília's offset (the delivery cannot precede the issue).
      deliveredAt: new Date(Date.now() - 3 * 3_600_000).toISOString().replace("Z", "-03:00"),
      receiverName: "Maria da Silva",
      receiverDocument: "52998224725",
      proof: { contentType: "application/pdf", base64: Buffer.from("%PDF-1.4 canhoto assinado").toString("base64") },
    };
    const failed = await call(receiptRoute, { method: "POST", path: `/v1/fiscal-documents/${document.id}/delivery-receipt`, key: fixture.company.key, body, params: { id: document.id } });
    expect(failed.status, failed.text).toBe(500);
    const run = await runReconcilerNow(document.id);
    expect(run.output).toEqual({ status: "recorded" });
    const held = await db.simulatorEvent.findFirstOrThrow({ where: { document: { accessKey: document.accessKey! }, eventType: "110130" } });
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id }, include: { events: { where: { kind: "DELIVERY_RECEIPT" } } } });
    expect(stored.deliveryReceiptActive).toBe(true);
    expect(stored.events).toHaveLength(1);
    expect(stored.events[0]).toMatchObject({ sequence: 1, outcome: "AUTHORIZED", protocol: held.protocol, details: { receiverName: "Maria da Silva", reconciled: true } });
    expect(stored.events[0]!.requestXml).toContain("<tpEvento>110130</tpEvento>");
  });

  it("a call that never reached the authority is marked NOT_REGISTERED and the document stays AUTHORIZED", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: fixture.company.cnpj, action: { kind: "http_500" }, times: 1 });
    expect((await cancel(document.id)).status).toBe(503);
    const run = await runReconcilerNow(document.id);
    // Parked for the later look at a NOT_REGISTERED intent.
    expect(run.status).toBe("QUEUED");
    const [intent] = await intentsOf(document.id);
    expect(intent).toMatchObject({ status: "NOT_REGISTERED", eventId: null });
    expect(intent!.resolution).toMatch(/lists no event 110111 sequence 1/);
    const confirmed = await runDueNow(run.id);
    expect(confirmed).toMatchObject({ status: "SUCCEEDED", output: { status: "not_registered" } });
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("AUTHORIZED");
    expect(await db.documentEvent.count({ where: { documentId: document.id, kind: "CANCELLATION" } })).toBe(0);
  });

  it("an authority that registers the cancellation after our look: the later look records it", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    // The authority sits on the request past our timeout (1.5 s), then registers it.
    fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj: fixture.company.cnpj, action: { kind: "delay", ms: 3_000, beforeProcessing: true }, times: 1 });
    expect((await cancel(document.id)).status).toBe(503);
    const run = await runReconcilerNow(document.id);
    expect((await intentsOf(document.id))[0]!.status).toBe("NOT_REGISTERED");
    for (let waited = 0; (await authorityCancellations(document.accessKey!)).length === 0 && waited < 5_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    const confirmed = await runDueNow(run.id);
    expect(confirmed).toMatchObject({ status: "SUCCEEDED", output: { status: "recorded" } });
    const [held] = await authorityCancellations(document.accessKey!);
    expect(await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).toMatchObject({ status: "CANCELLED", cancellationProtocol: held!.protocol });
    expect(await db.domainEvent.count({ where: { documentId: document.id, type: "document.cancelled" } })).toBe(1);
    expect((await intentsOf(document.id))[0]!.status).toBe("RECORDED");
  });

  it("the authority out of reach: the run keeps the intent PENDING and looks again later", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    await failNextEventRecord(document.id);
    expect((await cancel(document.id)).status).toBe(500);
    // Every consultation fails (a consSitNFe names no CNPJ to filter on; this file has its own simulator).
    fixture.simulator.faults.add({ service: "NFeConsultaProtocolo4", action: { kind: "http_500" } });
    const run = await runReconcilerNow(document.id);
    expect(run.status).toBe("QUEUED");
    expect(run.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect((await intentsOf(document.id))[0]!.status).toBe("PENDING");
    fixture.simulator.faults.clear();
    expect((await runDueNow(run.id)).output).toEqual({ status: "recorded" });
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("CANCELLED");
  });

  it("a retry finds the dead process's claim and PENDING intent: it consults at once and answers the cancellation without sending it again", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    await failNextEventRecord(document.id);
    expect((await cancel(document.id)).status).toBe(500);
    // The process that made the call died holding the claim (lease far from expiry).
    await db.authorityCallClaim.create({
      data: { key: `document-events:${document.id}`, companyId: fixture.company.companyId, token: "orphan", holder: `${await holderHost()}:${deadPid()}:dead0000`, expiresAt: new Date(Date.now() + 60_000) },
    });
    const started = Date.now();
    const retry = await cancel(document.id);
    expect(retry.status, retry.text).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    const [held] = await authorityCancellations(document.accessKey!);
    expect(retry.body.message).toContain(held!.protocol);
    expect(await authorityCancellations(document.accessKey!)).toHaveLength(1);
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("CANCELLED");
    expect(await db.documentEvent.count({ where: { documentId: document.id, kind: "CANCELLATION" } })).toBe(1);
    expect(await db.domainEvent.count({ where: { documentId: document.id, type: "document.cancelled" } })).toBe(1);
  });

  it("a claim whose heartbeat stopped (a process on another host) is taken over; a live one still answers 409", async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const key = `document-events:${document.id}`;
    await db.authorityCallClaim.create({
      data: { key, companyId: fixture.company.companyId, token: "live", holder: "other-host/pid:[1]:1:live0000", heartbeatAt: new Date(), expiresAt: new Date(Date.now() + 60_000) },
    });
    process.env.AUTHORITY_TIMEOUT_MS = "100";
    const { resetEnvCache } = await import("@/lib/config/env");
    resetEnvCache();
    try {
      const busy = await cancel(document.id);
      expect(busy.status).toBe(409);
      expect(busy.body.code).toBe("authority_call_in_progress");
    } finally {
      process.env.AUTHORITY_TIMEOUT_MS = "1500";
      resetEnvCache();
    }
    await db.authorityCallClaim.update({ where: { key }, data: { heartbeatAt: new Date(Date.now() - 60_000) } });
    const retry = await cancel(document.id);
    expect(retry.status, retry.text).toBe(200);
  });
});

/** The host part of this process's claim holder (the dead pid ran on this host). */
async function holderHost(): Promise<string> {
  const { claimHolder } = await import("@/lib/authority-calls/holder");
  return claimHolder.split(":").slice(0, -2).join(":");
}
