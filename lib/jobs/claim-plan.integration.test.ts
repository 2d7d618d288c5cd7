import { describe, expect, it } from "vitest";
import { inSqlTransaction, sql, utc } from "@/lib/db/sql";
import { createTestCompany } from "@/test/factories";
import { DELIVER_WEBHOOKS_FUNCTION_ID } from "@/lib/webhooks/events";
import { claimStatementFor } from "./claim-run";

// Rows of BackgroundRun the transaction has read so far: index entries (all its indexes) and rows of sequential scans.
const ROWS_READ = `SELECT (pg_stat_get_xact_tuples_returned('"BackgroundRun"'::regclass)
  + (SELECT coalesce(sum(pg_stat_get_xact_tuples_returned(i."indexrelid")), 0) FROM pg_index i WHERE i."indrelid" = '"BackgroundRun"'::regclass))::int AS "read"`;

// A webhook delivery slot claims only delivery runs, often (every poll of an idle slot, every
// run of a busy endpoint). Its claim must not read emission's due runs to find them: with a deep
// emission queue, the general claim walked every due run of the status index for each claim.

describe("run claim statements: the delivery slots' own queue, a series' next run", () => {
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
      const statusEntriesRead = async () => (await sql<{ read: number }>(client, `SELECT pg_stat_get_xact_tuples_returned('"BackgroundRun_status_runAt_idx"'::regclass)::int AS "read"`))[0]?.read ?? 0;
      const claimDelivery = () => {
        const now = new Date();
        return sql<{ functionId: string; status: string; othersDue: boolean }>(client, claimStatementFor([DELIVER_WEBHOOKS_FUNCTION_ID]), [
          [DELIVER_WEBHOOKS_FUNCTION_ID], [company.companyId], "claim-plan-test", utc(new Date(now.getTime() + 60_000)), utc(now), null,
        ]);
      };
      // What the claim reads of the other test files' rows (their RUNNING runs, dead entries until a vacuum), before this
      // company has any run: the same claim then must not read more than that plus a few, however deep emission's queue.
      const start = await statusEntriesRead();
      await claimDelivery();
      const others = (await statusEntriesRead()) - start;
      await queue("emit-document", "series:", 400);
      await queue(DELIVER_WEBHOOKS_FUNCTION_ID, "webhook:endpoint-", 1);
      const before = await statusEntriesRead();
      const [run] = await claimDelivery();
      const read = (await statusEntriesRead()) - before;
      const [commit] = await sql<{ mode: string }>(client, `SELECT current_setting('synchronous_commit') AS "mode"`);
      await sql(client, `DELETE FROM "BackgroundRun" WHERE "companyId" = $1`, [company.companyId]);
      return { claimed: run, statusIndexEntries: read - others, synchronousCommit: commit?.mode };
    });
    expect(claimed).toMatchObject({ functionId: DELIVER_WEBHOOKS_FUNCTION_ID, status: "RUNNING", othersDue: false });
    // A delivery run's claim commits without waiting for the WAL flush (asyncCommit, lib/jobs/run-kinds.ts).
    expect(synchronousCommit).toBe("off");
    // Only RUNNING runs (an expired lease is claimable) are read there, none of the 400 queued emission runs (the general claim
    // read 802). What it reads besides depends on the other test files sharing the table: their RUNNING runs and the index
    // entries their finished runs left until a vacuum (78 entries with 4 RUNNING runs in one full run), never a walk of the queue.
    expect(statusIndexEntries).toBeLessThan(400);
  });

  it("reaches the next run of a series through the series' own index entries, not by walking every series' due runs, with a generic plan", async () => {
    const company = await createTestCompany();
    const { claimed, rowsRead } = await inSqlTransaction(async (client) => {
      await sql(client, `SET LOCAL plan_cache_mode = force_generic_plan`);
      await sql(
        client,
        `INSERT INTO "BackgroundRun" ("id", "functionId", "eventName", "eventData", "status", "concurrencyKey", "runAt", "companyId", "createdAt", "updatedAt")
         SELECT gen_random_uuid()::text, 'emit-document', 'bench/claim', '{}'::jsonb, 'QUEUED', $1 || (i % 8), now() AT TIME ZONE 'UTC' - interval '1 second',
                $2, now() AT TIME ZONE 'UTC' + i * interval '1 millisecond', now() AT TIME ZONE 'UTC'
         FROM generate_series(1, 400) i`,
        [`series:${company.companyId}:`, company.companyId],
      );
      // A series' finished runs stay in the table: the claim must not read them either.
      await sql(
        client,
        `INSERT INTO "BackgroundRun" ("id", "functionId", "eventName", "eventData", "status", "concurrencyKey", "runAt", "companyId", "createdAt", "updatedAt", "finishedAt")
         SELECT gen_random_uuid()::text, 'emit-document', 'bench/claim', '{}'::jsonb, 'SUCCEEDED', $1, now() AT TIME ZONE 'UTC' - interval '1 day',
                $2, now() AT TIME ZONE 'UTC' - interval '1 day', now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
         FROM generate_series(1, 1000) i`,
        [`series:${company.companyId}:3`, company.companyId],
      );
      // Statistics that see the queue, as autovacuum's do in a busy emission (the plan bench:emit's claims took).
      // On statistics taken of a nearly empty table PostgreSQL may still read another index: see claim-run.ts.
      await sql(client, `ANALYZE "BackgroundRun"`);
      const key = `series:${company.companyId}:3`;
      const [oldest] = await sql<{ id: string }>(client, `SELECT "id" FROM "BackgroundRun" WHERE "concurrencyKey" = $1 AND "status" = 'QUEUED' ORDER BY "createdAt" LIMIT 1`, [key]);
      const [before] = await sql<{ read: number }>(client, ROWS_READ);
      const now = new Date();
      // The slot that just finished a run of the series asks for the series' next run (local-worker.ts, seriesHasNext).
      const [run] = await sql<{ id: string; concurrencyKey: string; status: string; seriesHasNext: boolean }>(client, claimStatementFor(["emit-document"], false, true), [
        ["emit-document"], null, "claim-plan-series", utc(new Date(now.getTime() + 60_000)), utc(now), key,
      ]);
      const [after] = await sql<{ read: number }>(client, ROWS_READ);
      await sql(client, `DELETE FROM "BackgroundRun" WHERE "companyId" = $1`, [company.companyId]);
      return { claimed: { ...run, oldest: run?.id === oldest?.id }, rowsRead: after!.read - before!.read };
    });
    expect(claimed).toMatchObject({ concurrencyKey: expect.stringMatching(/:3$/), status: "RUNNING", seriesHasNext: true, oldest: true });
    // The series holds 50 of the 400 due runs (and 1,000 finished ones): its due runs (and a few lookups by key and id), not the whole due queue
    // (the claim shared with unkeyed claims, whose key condition no index serves, read every due run: 816 rows here).
    expect(rowsRead).toBeLessThan(150);
  });

  it("leaves a series' next run alone when its company or authorizer is excluded (the slot's caps), queued or with an expired lease", async () => {
    const company = await createTestCompany();
    const claimed = await inSqlTransaction(async (client) => {
      const key = `series:${company.companyId}:1`;
      await sql(
        client,
        `INSERT INTO "BackgroundRun" ("id", "functionId", "eventName", "eventData", "status", "concurrencyKey", "runAt", "leaseUntil", "workerId", "companyId", "createdAt", "updatedAt")
         VALUES (gen_random_uuid()::text, 'emit-document', 'bench/claim', '{}'::jsonb, 'QUEUED', $1, now() AT TIME ZONE 'UTC' - interval '1 second', NULL, NULL, $2, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'),
                (gen_random_uuid()::text, 'emit-document', 'bench/claim', '{}'::jsonb, 'RUNNING', $1, now() AT TIME ZONE 'UTC' - interval '1 minute', now() AT TIME ZONE 'UTC' - interval '1 second', 'dead', $2, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')`,
        [key, company.companyId],
      );
      const now = new Date();
      const claim = (excludeCompanies: string[]) =>
        sql<{ id: string }>(client, claimStatementFor(["emit-document"], true, true), [
          ["emit-document"], null, "claim-plan-caps", utc(new Date(now.getTime() + 60_000)), utc(now), key, excludeCompanies, [],
        ]);
      const excluded = await claim([company.companyId]);
      const allowed = await claim(["another-company"]);
      await sql(client, `DELETE FROM "BackgroundRun" WHERE "companyId" = $1`, [company.companyId]);
      return { excluded: excluded.length, allowed: allowed.length };
    });
    expect(claimed).toEqual({ excluded: 0, allowed: 1 });
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
