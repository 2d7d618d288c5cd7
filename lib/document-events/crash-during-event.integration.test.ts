import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import { applyWebhookTestSettings, createEndpoint } from "@/lib/webhooks/testing/webhook-fixtures";
import { db } from "@/test/factories";
import { authorizedDocument } from "./testing/authorized-document";
import { childProcesses, portOf, waitFor } from "./testing/crash-harness";

// Issue 34, "Done when": kill -9 of the web process during a cancellation whose
// answer the authority delays; the document then ends CANCELLED with its webhook
// without any client action. The web process and the worker are child processes
// (the app's code, loopback only); the simulator and the webhook receiver stay in
// this process, the simulator's records being the witness of what was registered.
const fixture = simulatorCompanyFixture({ authorityTimeoutMs: 3_000 });
const { startChild, killAll } = childProcesses(() => fixture.simulator.url);
let receiver: Receiver;

beforeAll(async () => {
  applyWebhookTestSettings();
  receiver = await startReceiver();
});
// Each test's worker works for the shared fixture company: left running, it would claim the next
// test's emission before that test drains it (seen under CI load: the next document still PROCESSING).
afterEach(killAll);
afterAll(async () => {
  killAll();
  await receiver?.close();
});

/**
 * A document with a webhook endpoint, and a web process killed (SIGKILL) while the authority holds
 * the answer of the event it just registered: the POST `suffix` of the document with `body`.
 */
async function killDuringEvent(suffix: string, body: unknown, tpEvento: string) {
  const { companyId, cnpj, key } = fixture.company;
  const document = await authorizedDocument(companyId);
  await createEndpoint(key, { url: receiver.url });
  // The authority registers the event, then holds its answer.
  fixture.simulator.faults.add({ service: "NFeRecepcaoEvento4", cnpj, action: { kind: "delay", ms: 8_000 }, times: 1 });
  const web = startChild("lib/document-events/testing/web-process.ts", {});
  const port = await portOf(web);
  const request = fetch(`http://127.0.0.1:${port}/v1/fiscal-documents/${document.id}/${suffix}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  }).catch((error: unknown) => error);
  const held = await waitFor(`the authority to register ${tpEvento}`, () => db.simulatorEvent.findFirst({ where: { document: { accessKey: document.accessKey! }, eventType: tpEvento } }));
  web.kill("SIGKILL");
  await new Promise((resolve) => web.once("exit", resolve));
  expect(await request).toBeInstanceOf(Error);
  return { companyId, document, held };
}

describe("a web process killed during a cancellation", () => {
  it("the document ends CANCELLED with its document.cancelled webhook, with no client action", { timeout: 60_000 }, async () => {
    const { companyId, document, held } = await killDuringEvent("cancel", { justification: "Pedido cancelado pelo cliente antes da entrega" }, "110111");

    // Divergent for now: the authority holds the cancellation, we hold an unanswered intent and the dead process's claim.
    expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("AUTHORIZED");
    expect(await db.documentEventIntent.findMany({ where: { documentId: document.id }, select: { status: true } })).toEqual([{ status: "PENDING" }]);
    expect(await db.authorityCallClaim.count({ where: { key: `document-events:${document.id}` } })).toBe(1);

    // The background worker (another process) finishes the call after its timeout.
    startChild("lib/emission/testing/worker-process.ts", { WORKER_COMPANY_ID: companyId, WORKER_LEASE_MS: "2000" });
    const delivered = await waitFor("the document.cancelled webhook", async () =>
      receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: { documentId: string } }).find((e) => e.type === "document.cancelled" && e.data.documentId === document.id),
    );
    expect(delivered.data).toMatchObject({ documentId: document.id, cancellationReason: "Pedido cancelado pelo cliente antes da entrega" });
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: document.id }, include: { events: true } });
    expect(stored).toMatchObject({ status: "CANCELLED", cancellationProtocol: held.protocol });
    expect(stored.events.filter((e) => e.kind === "CANCELLATION").map((e) => [e.outcome, e.protocol])).toEqual([["AUTHORIZED", held.protocol]]);
    expect(await db.domainEvent.count({ where: { documentId: document.id, type: "document.cancelled" } })).toBe(1);
    expect(await db.simulatorEvent.count({ where: { document: { accessKey: document.accessKey! }, eventType: "110111" } })).toBe(1);
    expect(await db.documentEventIntent.findMany({ where: { documentId: document.id }, select: { status: true } })).toEqual([{ status: "RECORDED" }]);
  });
});

// Issue 52: the same for an issuer's IBS/CBS event (112110, NT 2025.002-RTC 8.3): recorded as the SVRS
// holds it, with its document.event_registered webhook.
describe("a web process killed during an IBS/CBS event", () => {
  it("the event is recorded as the SVRS holds it, with its document.event_registered webhook, with no client action", { timeout: 60_000 }, async () => {
    const { companyId, document, held } = await killDuringEvent("events", { type: "112110" }, "112110");

    // Divergent for now: the authority holds the event, we hold an unanswered intent.
    expect(await db.documentEvent.count({ where: { documentId: document.id, kind: "REFORM_EVENT" } })).toBe(0);
    expect(await db.documentEventIntent.findMany({ where: { documentId: document.id }, select: { status: true, eventCode: true } })).toEqual([{ status: "PENDING", eventCode: "112110" }]);

    // The background worker (another process) finishes the call after its timeout.
    startChild("lib/emission/testing/worker-process.ts", { WORKER_COMPANY_ID: companyId, WORKER_LEASE_MS: "2000" });
    const delivered = await waitFor("the document.event_registered webhook", async () =>
      receiver.received
        .map((r) => JSON.parse(r.body) as { type: string; data: { documentId: string; event: { type: string; protocol: string } } })
        .find((e) => e.type === "document.event_registered" && e.data.documentId === document.id),
    );
    expect(delivered.data.event).toMatchObject({ type: "112110", protocol: held.protocol });
    const events = await db.documentEvent.findMany({ where: { documentId: document.id, kind: "REFORM_EVENT" } });
    expect(events.map((e) => [e.eventCode, e.sequence, e.outcome, e.protocol])).toEqual([["112110", 1, "AUTHORIZED", held.protocol]]);
    expect(events[0]!.details).toMatchObject({ author: "ISSUER", reconciled: true });
    expect(await db.domainEvent.count({ where: { documentId: document.id, type: "document.event_registered" } })).toBe(1);
    expect(await db.simulatorEvent.count({ where: { document: { accessKey: document.accessKey! }, eventType: "112110" } })).toBe(1);
    expect(await db.documentEventIntent.findMany({ where: { documentId: document.id }, select: { status: true } })).toEqual([{ status: "RECORDED" }]);
  });
});
