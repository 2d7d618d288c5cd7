import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPool } from "@/lib/db/client";
import { inSqlTransaction, sql } from "@/lib/db/sql";
import { createTestCompany, db } from "@/test/factories";
import { WEBHOOK_GATHER_MS, WEBHOOK_RUN_CADENCE_MS } from "./config";
import { startReceiver, type Receiver } from "./testing/receiver";
import { applyWebhookTestSettings, createEndpoint, recordBareOutcome as recordOutcome } from "./testing/webhook-fixtures";

// The fan-out runs inside every settling transaction, once per outcome. Its check for an endpoint's
// queued delivery run must go by the endpoint's key whatever the statistics say: planned while
// QUEUED rows looked rare (a young table, or millions of finished runs), it walked the whole due
// queue, emission's runs included, for each endpoint of each outcome.

let receiver: Receiver;
beforeAll(async () => {
  applyWebhookTestSettings();
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

describe("webhook fan-out", () => {
  it("finds an endpoint's queued run by its key, not by walking emission's due queue, with a generic plan made on young statistics", async () => {
    const company = await createTestCompany();
    for (let i = 0; i < 3; i++) await createEndpoint(company.key, { url: `${receiver.url}/${i}` });
    const scans = await inSqlTransaction(async (client) => {
      await sql(client, `SET LOCAL plan_cache_mode = force_generic_plan`);
      // Statistics taken while few runs are queued, then a deep queue of emission runs, all due.
      await sql(client, `ANALYZE "BackgroundRun"`);
      await sql(
        client,
        `INSERT INTO "BackgroundRun" ("id", "functionId", "eventName", "eventData", "status", "concurrencyKey", "runAt", "companyId", "createdAt", "updatedAt")
         SELECT gen_random_uuid()::text, 'emit-document', 'fiscal/document.emit', '{}'::jsonb, 'QUEUED', 'series:' || (i % 8), now() AT TIME ZONE 'UTC' - interval '1 second',
                $1, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
         FROM generate_series(1, 400) i`,
        [company.companyId],
      );
      await recordOutcome(client, company.companyId); // queues the endpoints' runs
      await recordOutcome(client, company.companyId); // finds them
      const counted = await sql<{ indexrelname: string; idx_scan: number }>(
        client,
        `SELECT name AS indexrelname, pg_stat_get_xact_numscans(format('%I', name)::regclass)::int AS idx_scan
         FROM unnest(ARRAY['BackgroundRun_status_runAt_idx', 'BackgroundRun_queued_delivery_run_idx']) AS name`,
      );
      await sql(client, `DELETE FROM "BackgroundRun" WHERE "companyId" = $1 AND "functionId" = 'emit-document'`, [company.companyId]);
      return counted;
    });
    const scansOf = (name: string) => scans.find((row) => row.indexrelname === name)?.idx_scan ?? 0;
    expect(scansOf("BackgroundRun_status_runAt_idx")).toBe(0);
    expect(scansOf("BackgroundRun_queued_delivery_run_idx")).toBeGreaterThan(0);
    const runs = await db.backgroundRun.count({ where: { companyId: company.companyId, functionId: "webhook-deliver" } });
    expect(runs).toBe(3);
  });

  it("makes a busy endpoint's deliveries wait for its next run a cadence after the last one started; a quiet endpoint's wait a gathering window", async () => {
    const company = await createTestCompany();
    const busy = await createEndpoint(company.key, { url: `${receiver.url}/busy` });
    const quiet = await createEndpoint(company.key, { url: `${receiver.url}/quiet` });
    const [{ lastRunAt }] = (await sql<{ lastRunAt: Date }>(
      getPool(),
      `UPDATE "WebhookEndpoint" SET "lastDeliveryRunAt" = now() AT TIME ZONE 'UTC' - interval '200 milliseconds' WHERE "id" = $1 RETURNING "lastDeliveryRunAt" AS "lastRunAt"`,
      [busy.id],
    )) as [{ lastRunAt: Date }];
    await sql(getPool(), `UPDATE "WebhookEndpoint" SET "lastDeliveryRunAt" = now() AT TIME ZONE 'UTC' - interval '5 seconds' WHERE "id" = $1`, [quiet.id]);
    await recordOutcome(getPool(), company.companyId);
    await recordOutcome(getPool(), company.companyId);

    const deliveries = await db.webhookDelivery.findMany({ where: { companyId: company.companyId, eventType: "document.rejected" } });
    const busyDue = deliveries.filter((d) => d.endpointId === busy.id).map((d) => d.nextAttemptAt!.getTime());
    expect(busyDue).toEqual([lastRunAt.getTime() + WEBHOOK_RUN_CADENCE_MS, lastRunAt.getTime() + WEBHOOK_RUN_CADENCE_MS]);
    const quietDeliveries = deliveries.filter((d) => d.endpointId === quiet.id).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(quietDeliveries).toHaveLength(2);
    for (const d of quietDeliveries) expect(d.nextAttemptAt!.getTime() - d.createdAt.getTime()).toBe(WEBHOOK_GATHER_MS);
    // One run per endpoint, each queued for its first outcome's due moment; the second outcome counts on it.
    const runs = await db.backgroundRun.findMany({ where: { companyId: company.companyId, functionId: "webhook-deliver" }, orderBy: { runAt: "asc" } });
    expect(runs.map((run) => run.concurrencyKey)).toEqual([`webhook:${quiet.id}`, `webhook:${busy.id}`]);
    expect(runs[1]!.runAt.getTime()).toBe(lastRunAt.getTime() + WEBHOOK_RUN_CADENCE_MS);
    expect(runs[0]!.runAt.getTime()).toBe(quietDeliveries[0]!.nextAttemptAt!.getTime());
  });
});
