import { getPool } from "@/lib/db/client";
import { inSqlTransaction, sql, utc } from "@/lib/db/sql";
import { wakeLocalWorker } from "@/lib/jobs/local-wakeup";
import { usesSimulator } from "@/lib/authority";
import { env } from "@/lib/config/env";
import { backgroundDriver } from "@/lib/jobs/driver-mode";
import { RECEIVED_SYNC_EVENT, RECEIVED_SYNC_FUNCTION_ID } from "./events";
import { FIRST_ANSWER_WAIT_MS } from "./sync";

// Every company with a valid certificate has one distribution run queued, due
// when its cursor allows the next call (ReceivedSync.notBefore: an hour after
// an answer with nothing more or a 656, sync.ts), else at once. A run syncs once and
// ends; the next tick queues the following one, so by default each company is
// asked about once an hour. One statement under an advisory lock, so processes
// ticking together queue one run per company.
//
// Each tick first shortens the waits already written when
// RECEIVED_SYNC_WAIT_SECONDS is now lower (a wait after an answer with nothing
// more ends at lastRunAt + the setting; a 656's hour stays), and brings the
// queued runs forward to them. Against the built-in simulator (HOMOLOGATION,
// AUTHORITY_MODE=simulator) the tick is FIRST_ANSWER_WAIT_MS, so a newcomer's
// short wait after its first empty answer (sync.ts) is followed at once.

const SCHEDULE_LOCK = 38_0038;
export const SCHEDULE_TICK_MS = 5 * 60 * 1000;

// Same rule as waitEndOf (sync.ts), written back.
const SHORTEN_WAITS = `
  UPDATE "ReceivedSync" SET "notBefore" = "lastRunAt" + make_interval(secs => $1::int), "updatedAt" = $2::timestamp
  WHERE "notBefore" > "lastRunAt" + make_interval(secs => $1::int) AND "lastCStat" IS DISTINCT FROM '656'
    AND ($3::text[] IS NULL OR "companyId" = ANY ($3::text[]))`;

// Only runs never started nor handed to Inngest: a retry keeps its backoff.
const BRING_RUNS_FORWARD = `
  UPDATE "BackgroundRun" b SET "runAt" = greatest($2::timestamp, coalesce(s."notBefore", $2::timestamp)), "updatedAt" = $2::timestamp
  FROM "Company" c JOIN "ReceivedSync" s ON s."companyId" = c."id" AND s."environment" = c."environment"
  WHERE b."functionId" = $1 AND b."status" = 'QUEUED' AND b."companyId" = c."id" AND b."attempt" = 0 AND b."forwardedAt" IS NULL
    AND b."runAt" > greatest($2::timestamp, coalesce(s."notBefore", $2::timestamp))
    AND ($3::text[] IS NULL OR c."id" = ANY ($3::text[]))
  RETURNING b."id"`;

const QUEUE_DUE = `
  WITH due AS (
    SELECT gen_random_uuid()::text AS "runId", c."id" AS "companyId", greatest($3::timestamp, coalesce(s."notBefore", $3::timestamp)) AS "runAt"
    FROM "Company" c
    LEFT JOIN "ReceivedSync" s ON s."companyId" = c."id" AND s."environment" = c."environment"
    WHERE ($4::text[] IS NULL OR c."id" = ANY ($4::text[]))
      AND EXISTS (SELECT 1 FROM "Certificate" k WHERE k."companyId" = c."id" AND k."isActive" AND k."notAfter" > $3::timestamp)
      -- Not a company whose CNPJ another company proved (issue 49 item 5): its sync would be refused cnpj_reserved.
      AND NOT EXISTS (SELECT 1 FROM "CnpjReservation" v WHERE v."cnpj" = c."cnpj" AND v."environment" = c."environment" AND v."companyId" <> c."id")
      AND NOT EXISTS (SELECT 1 FROM "BackgroundRun" b WHERE b."concurrencyKey" = 'received-sync:' || c."id" AND b."functionId" = $1 AND b."status" IN ('QUEUED', 'RUNNING')))
  INSERT INTO "BackgroundRun" ("id", "functionId", "eventName", "eventData", "concurrencyKey", "companyId", "runAt", "updatedAt")
  SELECT d."runId", $1, $2, jsonb_build_object('companyId', d."companyId", 'runId', d."runId"), 'received-sync:' || d."companyId", d."companyId", d."runAt", $3::timestamp
  FROM due d
  RETURNING "id"`;

/** Queues the missing distribution runs (of every company, or of `companyIds`); the number queued. */
export async function queueReceivedSyncRuns(now = new Date(), companyIds: string[] | null = null): Promise<number> {
  const queued = await inSqlTransaction(async (client) => {
    await sql(client, `SELECT pg_advisory_xact_lock($1)`, [SCHEDULE_LOCK]);
    await sql(client, SHORTEN_WAITS, [env().RECEIVED_SYNC_WAIT_SECONDS, utc(now), companyIds]);
    const forward = await sql<{ id: string }>(client, BRING_RUNS_FORWARD, [RECEIVED_SYNC_FUNCTION_ID, utc(now), companyIds]);
    // The run id is also in its event data, as enqueueRun writes it.
    const rows = await sql<{ id: string }>(client, QUEUE_DUE, [RECEIVED_SYNC_FUNCTION_ID, RECEIVED_SYNC_EVENT, utc(now), companyIds]);
    return { queued: rows.length, movedForward: forward.length };
  }, getPool());
  if (queued.queued + queued.movedForward > 0 && backgroundDriver() === "local") wakeLocalWorker();
  return queued.queued;
}

const holder = globalThis as unknown as { __receivedSchedule?: NodeJS.Timeout };

/** The tick's interval: FIRST_ANSWER_WAIT_MS when homologation talks to the built-in simulator. */
export function scheduleTickMs(): number {
  return usesSimulator("HOMOLOGATION") ? FIRST_ANSWER_WAIT_MS : SCHEDULE_TICK_MS;
}

/** The tick of this process (idempotent); with Inngest the relay forwards the queued rows. */
export function startReceivedSyncSchedule(tickMs = scheduleTickMs()): void {
  if (holder.__receivedSchedule) return;
  const tick = () => queueReceivedSyncRuns().catch((error: unknown) => console.warn(`[received] scheduling failed: ${(error as Error).message}`));
  holder.__receivedSchedule = setInterval(tick, tickMs);
  holder.__receivedSchedule.unref();
  void tick();
}
