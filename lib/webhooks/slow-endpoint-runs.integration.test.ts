import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestCompany, db } from "@/test/factories";
import { deliverDueForEndpoint } from "./deliver-due";
import { noteAttempts, resetSlowEndpoints, SLOW_AFTER_TIMEOUTS, SLOW_RUN_SPACING_MS } from "./slow-endpoints";
import { startReceiver, type Receiver } from "./testing/receiver";
import { applyWebhookTestSettings, createEndpoint, documentWithOutcome } from "./testing/webhook-fixtures";

// A receiver that keeps timing out (issue 34, item 8) gets 3 s an attempt instead of 10 s, and
// its delivery runs send at most once per spacing, so it holds a delivery slot far less.

let receiver: Receiver;
beforeAll(async () => {
  applyWebhookTestSettings();
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
afterEach(resetSlowEndpoints);

describe("delivery runs of an endpoint that keeps timing out", () => {
  it("time out after 3 s and then wait the spacing before sending again", async () => {
    const company = await createTestCompany();
    const endpoint = await createEndpoint(company.key, { url: receiver.url });
    receiver.reply({ delayMs: 60_000 });
    await documentWithOutcome(company.companyId);
    // Due now (not after the gathering window and the endpoint's run cadence).
    await db.webhookDelivery.updateMany({ where: { endpointId: endpoint.id }, data: { nextAttemptAt: new Date(Date.now() - 1_000) } });
    // Three earlier runs timed out (10 s each: not waited for here), the last one a spacing ago.
    const timeout = { ok: false, responseStatus: null, responseBody: null, errorMessage: "timeout: no complete answer within 10 s", durationMs: 10_000 };
    noteAttempts(endpoint.id, Array.from({ length: SLOW_AFTER_TIMEOUTS }, () => timeout), Date.now() - SLOW_RUN_SPACING_MS);

    const started = Date.now();
    const first = await deliverDueForEndpoint({ endpointId: endpoint.id, companyId: company.companyId });
    const elapsed = Date.now() - started;
    expect(first.attempted).toBe(1);
    expect(elapsed).toBeGreaterThanOrEqual(2_900);
    expect(elapsed).toBeLessThan(6_000);
    const [delivery] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect((delivery!.attemptLog as Array<{ errorMessage: string }>).at(-1)!.errorMessage).toBe("timeout: no complete answer within 3 s");

    // Due again at once (retry delays 0 in tests), but the endpoint's next run waits the spacing.
    const second = await deliverDueForEndpoint({ endpointId: endpoint.id, companyId: company.companyId });
    expect(second.attempted).toBe(0);
    expect(new Date(second.nextRunAt!).getTime()).toBeGreaterThan(Date.now() + SLOW_RUN_SPACING_MS - 5_000);
    // The run queued earlier (due now) does the same when a worker takes it: it queues the next one a spacing later.
    const key = `webhook:${endpoint.id}`;
    await db.backgroundRun.updateMany({ where: { concurrencyKey: key, status: "QUEUED" }, data: { status: "SUCCEEDED" } });
    expect((await deliverDueForEndpoint({ endpointId: endpoint.id, companyId: company.companyId })).attempted).toBe(0);
    const queued = await db.backgroundRun.findFirst({ where: { concurrencyKey: key, status: "QUEUED" }, orderBy: { runAt: "desc" } });
    expect(queued!.runAt.getTime()).toBeGreaterThan(Date.now() + SLOW_RUN_SPACING_MS - 5_000);
  }, 30_000);
});
