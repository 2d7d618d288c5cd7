import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { POST as redispatchRoute } from "@/app/v1/fiscal-documents/[id]/webhook/route";
import { POST as backfillRoute } from "@/app/v1/webhooks/backfill/route";
import { GET as backfillRunRoute } from "@/app/v1/webhooks/backfill/[runId]/route";
import { createDraft } from "@/lib/emission/testing/emission-fixtures";
import { getWebhookDelivery, listDocumentDeliveries, listWebhookBackfills, searchWebhookDeliveries, startWebhookBackfill } from "./index";
import { postWebhook } from "./http-sender";
import { startReceiver, type Receiver } from "./testing/receiver";
import { applyWebhookTestSettings, createEndpoint, documentWithOutcome, drainWebhooks } from "./testing/webhook-fixtures";

applyWebhookTestSettings();
const fixture = simulatorCompanyFixture();
const receivers: Receiver[] = [];
async function receiver() {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

const redispatch = (key: string, id: string) => call(redispatchRoute, { method: "POST", path: `/v1/fiscal-documents/${id}/webhook`, key, params: { id } });
const backfill = (key: string, body: Record<string, unknown>) => call(backfillRoute, { method: "POST", path: "/v1/webhooks/backfill", key, body });
const range = { from: "2000-01-01T00:00:00Z", to: "2100-01-01T00:00:00Z" };

describe("webhook fan-out, re-dispatch, backfill and crash safety", () => {
  it("filters events × environments × documentTypes combine with AND; empty means all; document.inutilized ignores the last two", async () => {
    const company = await createTestCompany();
    const hooks = await receiver();
    const make = async (body: Record<string, unknown>) => (await createEndpoint(company.key, { url: hooks.url, ...body })).id;
    const all = await make({});
    const authorizedOnly = await make({ events: ["DOCUMENT_AUTHORIZED"] });
    const production = await make({ environments: ["PRODUCTION"] });
    const nfce = await make({ documentTypes: ["NFCE"] });
    const combined = await make({ events: ["DOCUMENT_AUTHORIZED", "DOCUMENT_INUTILIZED"], environments: ["HOMOLOGATION"], documentTypes: ["NFE"] });
    const event = (type: string, environment: "PRODUCTION" | "HOMOLOGATION", documentType: "NFE" | "NFCE" | null) =>
      db.domainEvent.create({ data: { companyId: company.companyId, type, environment, documentType, data: {} } });
    const cases: Array<[Promise<{ id: string }>, string[]]> = [
      [event("document.authorized", "HOMOLOGATION", "NFE"), [all, authorizedOnly, combined]],
      [event("document.authorized", "PRODUCTION", "NFCE"), [all, authorizedOnly, production, nfce]],
      [event("document.rejected", "PRODUCTION", "NFE"), [all, production]],
      [event("document.cancelled", "HOMOLOGATION", "NFCE"), [all, nfce]],
      [event("document.inutilized", "PRODUCTION", null), [all, production, nfce, combined]],
    ];
    for (const [created, expected] of cases) {
      const outcome = await created;
      const webhookEvent = await db.webhookEvent.findUniqueOrThrow({ where: { domainEventId: outcome.id } });
      const deliveries = await db.webhookDelivery.findMany({ where: { eventId: webhookEvent.id } });
      expect(deliveries.map((d) => d.endpointId).sort(), webhookEvent.type).toEqual([...expected].sort());
    }
  });

  it("re-dispatch: the current state's event with a new id to every subscribed active endpoint; 422 without outcome or endpoint; 429 above 60 a minute", async () => {
    const company = fixture.company;
    const draft = await createDraft(company.companyId);
    const withoutOutcome = await redispatch(company.key, draft.id);
    expect(withoutOutcome.status).toBe(422);
    expect(withoutOutcome.body.code).toBe("document_without_outcome");
    const cancelled = await documentWithOutcome(company.companyId, "document.cancelled");
    const none = await redispatch(company.key, cancelled.id);
    expect(none.status).toBe(422);
    expect(none.body.code).toBe("no_active_webhook_endpoint");

    const hooks = await receiver();
    const endpoint = await createEndpoint(company.key, { url: hooks.url });
    await createEndpoint(company.key, { url: hooks.url, events: ["DOCUMENT_AUTHORIZED"] });
    const res = await redispatch(company.key, cancelled.id);
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({ dispatched: 1 });
    await drainWebhooks(company.companyId);
    const sent = hooks.received.filter((r) => JSON.parse(r.body).type !== "webhook.ping");
    expect(sent).toHaveLength(1);
    const body = JSON.parse(sent[0]!.body);
    expect(body).toMatchObject({ type: "document.cancelled", data: { documentId: cancelled.id, cancellationReason: "Cancelado no teste de webhooks" } });
    const again = await redispatch(company.key, cancelled.id);
    expect(again.status).toBe(202);
    const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id, documentId: cancelled.id } });
    expect(new Set(deliveries.map((d) => d.eventId)).size).toBe(2);
    const events = await db.webhookEvent.findMany({ where: { id: { in: deliveries.map((d) => d.eventId) } } });
    expect(events.map((e) => e.origin)).toEqual(["REDISPATCH", "REDISPATCH"]);
    // Another company's document is not found.
    const stranger = await createTestCompany();
    expect((await redispatch(stranger.key, cancelled.id)).status).toBe(404);

    // 60 calls per minute per company (fixed windows: a refusal comes within two windows' worth).
    let limited: Awaited<ReturnType<typeof redispatch>> | undefined;
    for (let i = 0; i < 121 && !limited; i++) {
      const r = await redispatch(company.key, draft.id);
      if (r.status === 429) limited = r;
    }
    expect(limited?.body.code).toBe("rate_limited");
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("backfill: dry run, a run whose progress is readable, onlyMissing, another company's run is 404, 5 calls a minute", async () => {
    const company = await createEmittingCompanyOfItsOwn();
    const hooks = await receiver();
    await createEndpoint(company.key, { url: hooks.url });
    const docs = [
      await documentWithOutcome(company.companyId, "document.authorized"),
      await documentWithOutcome(company.companyId, "document.rejected"),
      await documentWithOutcome(company.companyId, "document.cancelled"),
    ];
    await createDraft(company.companyId); // a draft is never backfilled
    await drainWebhooks(company.companyId);
    // All three were delivered when they happened: onlyMissing (default) finds nothing.
    const nothing = await backfill(company.key, { ...range, dryRun: true });
    expect(nothing.status).toBe(200);
    expect(nothing.body).toEqual({ dryRun: true, matched: 0, truncated: false });
    const dry = await backfill(company.key, { ...range, dryRun: true, onlyMissing: false, types: ["NFE"], environment: "HOMOLOGATION" });
    expect(dry.body).toEqual({ dryRun: true, matched: 3, truncated: false });
    const started = await backfill(company.key, { ...range, onlyMissing: false });
    expect(started.status, started.text).toBe(202);
    expect(started.body).toEqual({ runId: expect.any(String), matched: 3, truncated: false });
    const runId = started.body.runId;
    const queued = await call(backfillRunRoute, { path: "/x", key: company.key, params: { runId } });
    expect(queued.body).toMatchObject({ runId, status: "QUEUED", matched: 3, dispatched: 0, truncated: false, startedAt: null, finishedAt: null });
    await drainWebhooks(company.companyId);
    const finished = await call(backfillRunRoute, { path: "/x", key: company.key, params: { runId } });
    expect(finished.body).toMatchObject({ status: "SUCCEEDED", matched: 3, dispatched: 3, deliveries: 3, startedAt: expect.any(String), finishedAt: expect.any(String) });
    const backfillEvents = await db.webhookEvent.findMany({ where: { companyId: company.companyId, origin: "BACKFILL" }, select: { id: true } });
    const backfilled = await db.webhookDelivery.findMany({ where: { companyId: company.companyId, eventId: { in: backfillEvents.map((e) => e.id) } } });
    expect(backfilled.map((d) => d.documentId).sort()).toEqual(docs.map((d) => d.id).sort());
    expect(backfilled.every((d) => d.status === "SUCCEEDED" && (d.attemptLog as Array<{ trigger: string }>)[0]?.trigger === "BACKFILL")).toBe(true);
    const record = await db.webhookBackfill.findUniqueOrThrow({ where: { id: runId } });
    expect(record.actor).toEqual({ kind: "apiKey", id: company.apiKeyId });

    const stranger = await createTestCompany();
    expect((await call(backfillRunRoute, { path: "/x", key: stranger.key, params: { runId } })).status).toBe(404);
    expect((await backfill(company.key, { from: "2026-02-01T00:00:00Z", to: "2026-01-01T00:00:00Z" })).status).toBe(400);
    // 5 calls per minute per company (fixed windows: at most two windows' worth before a refusal).
    let limited: Awaited<ReturnType<typeof backfill>> | undefined;
    for (let i = 0; i < 11 && !limited; i++) {
      const r = await backfill(company.key, { ...range, dryRun: true });
      if (r.status === 429) limited = r;
    }
    expect(limited?.body.code).toBe("rate_limited");
    expect(limited?.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("support functions: search a company's deliveries by filters and ids, a document's deliveries, backfill history with the actor", async () => {
    const company = await createEmittingCompanyOfItsOwn();
    const other = await createTestCompany();
    const hooks = await receiver();
    const first = await createEndpoint(company.key, { url: hooks.url, description: "search-a" });
    const second = await createEndpoint(company.key, { url: hooks.url, description: "search-b", events: ["DOCUMENT_CANCELLED"] });
    const authorized = await documentWithOutcome(company.companyId, "document.authorized");
    const cancelled = await documentWithOutcome(company.companyId, "document.cancelled");
    await db.fiscalDocument.update({ where: { id: cancelled.id }, data: { accessKey: "35261112345678000195550010000012341000012345" } });
    hooks.reply((n) => (n % 2 === 0 ? { status: 500 } : { status: 200 }));
    await drainWebhooks(company.companyId);
    const mine = { companyId: company.companyId, page: 1, pageSize: 100 };
    const ofDocument = await listDocumentDeliveries({ companyId: company.companyId, documentId: cancelled.id });
    expect(ofDocument.map((d) => d.endpointId).sort()).toEqual([first.id, second.id].sort());
    expect((await searchWebhookDeliveries({ ...mine, search: cancelled.accessKey ?? "35261112345678000195550010000012341000012345" })).data.map((d) => d.documentId)).toEqual([cancelled.id, cancelled.id]);
    expect((await searchWebhookDeliveries({ ...mine, search: authorized.id })).meta.total).toBe(1);
    const one = ofDocument[0]!;
    expect((await searchWebhookDeliveries({ ...mine, search: one.eventId })).data.map((d) => d.id).sort()).toEqual(ofDocument.map((d) => d.id).sort());
    expect((await searchWebhookDeliveries({ ...mine, search: one.id })).data.map((d) => d.id)).toEqual([one.id]);
    expect((await searchWebhookDeliveries({ ...mine, endpointId: second.id })).data.every((d) => d.endpointId === second.id && d.eventType === "document.cancelled")).toBe(true);
    expect((await searchWebhookDeliveries({ ...mine, eventType: "document.authorized", environment: "HOMOLOGATION", documentType: "NFE" })).data.map((d) => d.documentId)).toContain(authorized.id);
    expect((await searchWebhookDeliveries({ ...mine, documentType: "NFCE" })).meta.total).toBe(0);
    expect((await searchWebhookDeliveries({ ...mine, from: new Date(Date.now() + 60_000).toISOString() })).meta.total).toBe(0);
    const page = await searchWebhookDeliveries({ ...mine, pageSize: 1 });
    expect(page.data).toHaveLength(1);
    // Another company sees none of it.
    expect((await searchWebhookDeliveries({ companyId: other.companyId, page: 1, pageSize: 20, search: one.id })).meta.total).toBe(0);
    expect(await listDocumentDeliveries({ companyId: other.companyId, documentId: cancelled.id })).toEqual([]);
    await expect(getWebhookDelivery({ companyId: other.companyId, deliveryId: one.id })).rejects.toMatchObject({ status: 404 });

    const started = await startWebhookBackfill({ companyId: company.companyId, actor: { kind: "user", id: "u1", email: "support@example.com" }, from: "2000-01-01T00:00:00Z", to: "2100-01-01T00:00:00Z", onlyMissing: true, dryRun: false });
    const history = await listWebhookBackfills({ companyId: company.companyId, page: 1, pageSize: 10 });
    expect(history.data[0]).toMatchObject({ runId: (started as { runId: string }).runId, actor: { kind: "user", id: "u1", email: "support@example.com" } });
    expect((await listWebhookBackfills({ companyId: other.companyId, page: 1, pageSize: 10 })).meta.total).toBe(0);
  });

  it("a worker killed with SIGKILL mid-delivery: the delivery is attempted again and delivered; the attempt log holds the attempts that finished", async () => {
    const company = fixture.company;
    const hooks = await receiver();
    const endpoint = await createEndpoint(company.key, { url: hooks.url, events: ["DOCUMENT_REJECTED"] });
    // The first real delivery is answered only after 3 s: the worker dies while waiting.
    hooks.reply((n) => (n === 2 ? { status: 200, delayMs: 3_000 } : { status: 200 }));
    await documentWithOutcome(company.companyId, "document.rejected");
    const child = spawn(process.execPath, ["--import", "tsx", "lib/webhooks/testing/worker-process.ts"], {
      env: { ...process.env, WORKER_COMPANY_ID: company.companyId, LOCAL_WORKER: "on" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const deadline = Date.now() + 20_000;
      while (hooks.received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(hooks.received).toHaveLength(2);
    } finally {
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    const inFlight = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(inFlight).toMatchObject({ status: "PENDING", attempts: 0, leaseToken: expect.any(String) });
    // Time passes: the dead worker's leases (run and delivery) expire; another worker takes over.
    await db.webhookDelivery.update({ where: { id: inFlight.id }, data: { leaseUntil: new Date(Date.now() - 1) } });
    await db.backgroundRun.updateMany({ where: { companyId: company.companyId, status: "RUNNING" }, data: { leaseUntil: new Date(Date.now() - 1) } });
    await drainWebhooks(company.companyId);
    const delivered = await db.webhookDelivery.findUniqueOrThrow({ where: { id: inFlight.id } });
    expect(delivered).toMatchObject({ status: "SUCCEEDED", attempts: 1 });
    expect((delivered.attemptLog as unknown[]).length).toBe(1);
    // At least once: the receiver saw the same event twice and deduplicates by its id.
    const [first, second] = hooks.received.slice(1).map((r) => JSON.parse(r.body).id);
    expect(hooks.received).toHaveLength(3);
    expect(second).toBe(first);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(1);
  });

  it("the sender checks every connection: a name resolving to loopback is refused unless allowlisted, and nothing is sent", async () => {
    const hooks = await receiver();
    applyWebhookTestSettings({ allowedHosts: "" });
    try {
      const refused = await postWebhook(`https://localhost:${hooks.port}/hooks`, "{}", { "content-type": "application/json" });
      expect(refused).toMatchObject({ ok: false, responseStatus: null, errorMessage: expect.stringMatching(/refused address (127\.0\.0\.1|::1) \(loopback\)/) });
      const literal = await postWebhook(`http://127.0.0.1:${hooks.port}/hooks`, "{}", {});
      expect(literal.errorMessage).toMatch(/only https/);
      expect(hooks.received).toHaveLength(0);
    } finally {
      applyWebhookTestSettings();
    }
    const allowed = await postWebhook(hooks.url, "{}", {});
    expect(allowed).toMatchObject({ ok: true, responseStatus: 200 });
  });
});

async function createEmittingCompanyOfItsOwn() {
  const { createEmittingCompany } = await import("@/lib/emission/testing/emission-fixtures");
  return createEmittingCompany();
}
