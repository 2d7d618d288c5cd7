import { describe, expect, it } from "vitest";
import { inSqlTransaction, sql, utc } from "@/lib/db/sql";
import { createTestCompany } from "@/test/factories";
import { DELIVER_WEBHOOKS_FUNCTION_ID } from "@/lib/webhooks/events";
import { claimStatementFor } from "./claim-run";

// A webhook delivery slot claims only delivery runs, often (every poll of an idle slot, every
// run of a busy endpoint). Its claim must not read emission's due runs to find them: with a deep
// emission queue, the general claim walked every due run of the status index for each claim.

describe("run claim of the webhook delivery slots", () => {
  it("reaches queued delivery runs through their own index, not by walking emission's due queue, with a generic plan made on young statistics", async () => {
    const company = await createTestCompany();
    const { claimed, statusIndexEntries, synchronousCommit } = await inSqlTransaction(async (client) => {
      await sql(client, `SET LOCAL plan_cache_mode = force_generic_plan`);
      await sql(client, `ANALYZE "BackgroundRun"`);
      const queue = (functionId: string, key: string, count: number) =>
        sql(
          client,
          `INSERT INTO "BackgroundRun" ("id", "functionId", "eventName", "eventData", "status", "concurrencyKey", "runAt", "companyId", "createdAt", "updatedAt")
           SELECT gen_random_uuid()::text, $1, 'bench/claim', '{}'::jsonb, 'QUEUED', $2 || (i % 8), now() AT TIME ZONE 'UTC' - interval '1 second',
                  $3, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
           FROM generate_series(1, $4::int) i`,
          [functionId, key, company.companyId, count],
        );
      await queue("emit-document", "series:", 400);
      await queue(DELIVER_WEBHOOKS_FUNCTION_ID, "webhook:endpoint-", 1);
      const now = new Date();
      const [run] = await sql<{ functionId: string; status: string; othersDue: boolean }>(client, claimStatementFor([DELIVER_WEBHOOKS_FUNCTION_ID]), [
        [DELIVER_WEBHOOKS_FUNCTION_ID], [company.companyId], "claim-plan-test", utc(new Date(now.getTime() + 60_000)), utc(now), null,
      ]);
      const [entries] = await sql<{ read: number }>(client, `SELECT pg_stat_get_xact_tuples_returned('"BackgroundRun_status_runAt_idx"'::regclass)::int AS "read"`);
      const [commit] = await sql<{ mode: string }>(client, `SELECT current_setting('synchronous_commit') AS "mode"`);
      await sql(client, `DELETE FROM "BackgroundRun" WHERE "companyId" = $1`, [company.companyId]);
      return { claimed: run, statusIndexEntries: entries?.read ?? 0, synchronousCommit: commit?.mode };
    });
    expect(claimed).toMatchObject({ functionId: DELIVER_WEBHOOKS_FUNCTION_ID, status: "RUNNING", othersDue: false });
    // A delivery run's claim commits without waiting for the WAL flush (asyncCommit, lib/jobs/run-kinds.ts).
    expect(synchronousCommit).toBe("off");
    // Only RUNNING runs (an expired lease is claimable) are read there, none of the 400 queued emission runs (the general claim
    // read 802). What it reads besides depends on the other test files sharing the table: their RUNNING runs and the index
    // entries their finished runs left until a vacuum (78 entries with 4 RUNNING runs in one full run), never a walk of the queue.
    expect(statusIndexEntries).toBeLessThan(400);
  });

  it("keeps synchronous commits for the claims of every other pool", async () => {
    const company = await createTestCompany();
    const mode = await inSqlTransaction(async (client) => {
      const now = new Date();
      await sql(client, claimStatementFor(["emit-document", DELIVER_WEBHOOKS_FUNCTION_ID]), [
        ["emit-document", DELIVER_WEBHOOKS_FUNCTION_ID], [company.companyId], "claim-plan-sync", utc(new Date(now.getTime() + 60_000)), utc(now), null,
      ]);
      const [row] = await sql<{ mode: string }>(client, `SELECT current_setting('synchronous_commit') AS "mode"`);
      return row?.mode;
    });
    expect(mode).toBe("on");
  });

  it("still takes over a delivery run whose worker died (RUNNING, lease expired)", async () => {
    const company = await createTestCompany();
    const claimed = await inSqlTransaction(async (client) => {
      await sql(
        client,
        `INSERT INTO "BackgroundRun" ("id", "functionId", "eventName", "eventData", "status", "concurrencyKey", "runAt", "leaseUntil", "workerId", "companyId", "createdAt", "updatedAt")
         VALUES (gen_random_uuid()::text, $1, 'bench/claim', '{}'::jsonb, 'RUNNING', 'webhook:dead-worker', now() AT TIME ZONE 'UTC' - interval '1 minute',
                 now() AT TIME ZONE 'UTC' - interval '1 second', 'dead', $2, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')`,
        [DELIVER_WEBHOOKS_FUNCTION_ID, company.companyId],
      );
      const now = new Date();
      const [run] = await sql<{ workerId: string; concurrencyKey: string }>(client, claimStatementFor([DELIVER_WEBHOOKS_FUNCTION_ID]), [
        [DELIVER_WEBHOOKS_FUNCTION_ID], [company.companyId], "claim-plan-takeover", utc(new Date(now.getTime() + 60_000)), utc(now), null,
      ]);
      await sql(client, `DELETE FROM "BackgroundRun" WHERE "companyId" = $1`, [company.companyId]);
      return run;
    });
    expect(claimed).toMatchObject({ workerId: "claim-plan-takeover", concurrencyKey: "webhook:dead-worker" });
  });
});
