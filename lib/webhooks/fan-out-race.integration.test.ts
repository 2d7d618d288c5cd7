import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPool } from "@/lib/db/client";
import { inSqlTransaction, sql } from "@/lib/db/sql";
import { claimRun } from "@/lib/jobs/claim-run";
import { createTestCompany, db } from "@/test/factories";
import { WEBHOOK_GATHER_MS } from "./config";
import { DELIVER_WEBHOOKS_FUNCTION_ID } from "./events";
import { startReceiver, type Receiver } from "./testing/receiver";
import { functions } from "@/inngest";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { applyWebhookTestSettings, createEndpoint, recordBareOutcome as recordOutcome, drainWebhooks } from "./testing/webhook-fixtures";

// An outcome whose fan-out counts on a delivery run already queued must not
// be missed by that run: the run cannot start while the outcome's transaction
// is open (webhook_ensure_delivery_run share-locks it), so when it runs, and
// checks for further deliveries at its end, the new delivery is visible.

let receiver: Receiver;
beforeAll(async () => {
  applyWebhookTestSettings();
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

describe("fan-out into a queued delivery run", () => {
  it("the queued run is not claimed while an outcome counting on it is uncommitted; both deliveries arrive", async () => {
    const company = await createTestCompany();
    const endpoint = await createEndpoint(company.key, { url: receiver.url });
    await recordOutcome(getPool(), company.companyId);
    await new Promise((resolve) => setTimeout(resolve, WEBHOOK_GATHER_MS + 50)); // the queued run is due
    const claim = () => claimRun({ workerId: "race-test", functionIds: [DELIVER_WEBHOOKS_FUNCTION_ID], leaseMs: 15_000, companyIds: [company.companyId] });

    await inSqlTransaction(async (client) => {
      await recordOutcome(client, company.companyId);
      // The second outcome queued no run of its own: it counts on the first one, which must wait for this commit.
      expect(await db.backgroundRun.count({ where: { companyId: company.companyId, functionId: DELIVER_WEBHOOKS_FUNCTION_ID } })).toBe(1);
      expect(await claim()).toBeNull();
    });
    await drainWebhooks(company.companyId);
    const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(deliveries.map((d) => d.status)).toEqual(["SUCCEEDED", "SUCCEEDED"]);
    expect(receiver.received.filter((r) => r.headers["x-webhook-event"] === "document.rejected")).toHaveLength(2);
  });

  it("a run takes along the first attempts still in their gathering window, and then queues no further run", async () => {
    const company = await createTestCompany();
    const endpoint = await createEndpoint(company.key, { url: receiver.url });
    await recordOutcome(getPool(), company.companyId);
    await new Promise((resolve) => setTimeout(resolve, WEBHOOK_GATHER_MS + 50)); // the queued run is due
    await recordOutcome(getPool(), company.companyId); // due a gathering window from now; counts on the queued run
    const second = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id }, orderBy: { createdAt: "desc" } });
    expect(second.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());

    expect(await drainDueRuns(functions, { companyIds: [company.companyId] })).toEqual(["succeeded"]);
    const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(deliveries.map((d) => d.status)).toEqual(["SUCCEEDED", "SUCCEEDED"]);
    // One run sent both, and left nothing for a next one.
    expect(await db.backgroundRun.count({ where: { companyId: company.companyId, functionId: DELIVER_WEBHOOKS_FUNCTION_ID } })).toBe(1);
  });

  it("a retry inside the window is not sent early: it waits for its own time", async () => {
    applyWebhookTestSettings({ retryDelays: "1" });
    try {
      const company = await createTestCompany();
      const firstDelivery = receiver.received.length + 2; // after the endpoint's verification ping
      receiver.reply((count) => (count === firstDelivery ? { status: 500 } : { status: 200 }));
      const endpoint = await createEndpoint(company.key, { url: receiver.url });
      await recordOutcome(getPool(), company.companyId);
      await new Promise((resolve) => setTimeout(resolve, WEBHOOK_GATHER_MS + 50));
      await drainDueRuns(functions, { companyIds: [company.companyId] });
      const failed = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
      expect(failed).toMatchObject({ status: "PENDING", attempts: 1 });
      // Its retry moved inside the gathering window (due in 125 ms): a run that starts now still leaves it alone.
      await db.webhookDelivery.update({ where: { id: failed.id }, data: { nextAttemptAt: new Date(Date.now() + WEBHOOK_GATHER_MS / 2) } });
      await sql(getPool(), `UPDATE "BackgroundRun" SET "runAt" = now() AT TIME ZONE 'UTC' WHERE "companyId" = $1 AND "status" = 'QUEUED'`, [company.companyId]);
      await drainDueRuns(functions, { companyIds: [company.companyId] });
      expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({ status: "PENDING", attempts: 1 });
      await drainWebhooks(company.companyId);
      expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({ status: "SUCCEEDED", attempts: 2 });
    } finally {
      receiver.reply({ status: 200 });
      applyWebhookTestSettings();
    }
  });
});
