import { randomUUID } from "node:crypto";
import { inngest } from "./inngest-client";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";

// The relay for runs that the database queues itself (webhook delivery runs,
// queued by the fan-out trigger): with Inngest as the driver nobody would
// send their events. Each due, unforwarded run is leased (a short statement),
// its event sent with the run id as the event id (Inngest drops a resent
// id, so a crash between sending and recording sends nothing twice), then
// marked forwarded. No row is locked while the events are on the wire.

const LEASE_MS = 30_000;

const LEASE_DUE = `
  UPDATE "BackgroundRun" r SET "leaseUntil" = $3::timestamp, "workerId" = $4
  FROM (
    SELECT q."id" FROM "BackgroundRun" q
    WHERE q."status" = 'QUEUED' AND q."forwardedAt" IS NULL AND q."functionId" = ANY($1::text[])
      AND ($5::text[] IS NULL OR q."companyId" = ANY($5::text[]))
      AND q."runAt" <= now() AT TIME ZONE 'UTC' AND (q."leaseUntil" IS NULL OR q."leaseUntil" < now() AT TIME ZONE 'UTC')
    ORDER BY q."runAt"
    LIMIT $2
    FOR UPDATE OF q SKIP LOCKED) due
  WHERE r."id" = due."id"
  RETURNING r."id", r."eventName", r."eventData"`;

/** companyIds: only those companies' runs (tests sharing a database); every company when absent. */
export type ForwardOptions = { functionIds: string[]; limit?: number; relayId?: string; companyIds?: string[] };

/** Sends the events of due runs queued by the database; returns how many were forwarded. */
export async function forwardQueuedRuns(options: ForwardOptions): Promise<number> {
  const relayId = options.relayId ?? `relay-${randomUUID().slice(0, 8)}`;
  const runs = await sql<{ id: string; eventName: string; eventData: Record<string, unknown> }>(getPool(), LEASE_DUE, [
    options.functionIds, options.limit ?? 100, utc(new Date(Date.now() + LEASE_MS)), relayId, options.companyIds ?? null,
  ]);
  if (runs.length === 0) return 0;
  const ids = runs.map((run) => run.id);
  try {
    await inngest.send(runs.map((run) => ({ id: run.id, name: run.eventName, data: run.eventData })));
  } catch (error) {
    // Released at once: the next poll tries again (same event ids).
    await sql(getPool(), `UPDATE "BackgroundRun" SET "leaseUntil" = NULL, "workerId" = NULL WHERE "id" = ANY($1::text[]) AND "workerId" = $2`, [ids, relayId]);
    throw error;
  }
  await sql(
    getPool(),
    `UPDATE "BackgroundRun" SET "forwardedAt" = now() AT TIME ZONE 'UTC', "leaseUntil" = NULL, "updatedAt" = now() AT TIME ZONE 'UTC'
     WHERE "id" = ANY($1::text[]) AND "workerId" = $2`,
    [ids, relayId],
  );
  return runs.length;
}

/**
 * How a forwarded run's row follows its Inngest run: RUNNING when it starts
 * (so that an outcome recorded from then on queues a run of its own instead
 * of counting on this one), then SUCCEEDED or FAILED.
 */
export async function markForwardedRun(runId: string, status: "RUNNING" | "SUCCEEDED" | "FAILED", error: string | null = null): Promise<void> {
  const now = utc(new Date());
  await sql(
    getPool(),
    status === "RUNNING"
      ? `UPDATE "BackgroundRun" SET "status" = 'RUNNING', "startedAt" = $2::timestamp, "updatedAt" = $2::timestamp WHERE "id" = $1 AND "status" = 'QUEUED'`
      : `UPDATE "BackgroundRun" SET "status" = $3::"RunStatus", "error" = $4, "finishedAt" = $2::timestamp, "updatedAt" = $2::timestamp WHERE "id" = $1`,
    status === "RUNNING" ? [runId, now] : [runId, now, status, error],
  );
}

/** The relay's loop (web process, Inngest driver only): polls every `pollMs`; `stop()` ends it. */
export function startRunRelay(options: ForwardOptions & { pollMs?: number }) {
  const relayId = options.relayId ?? `relay-${process.pid}-${randomUUID().slice(0, 8)}`;
  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = async () => {
    while (!stopped) {
      let forwarded = 0;
      try {
        forwarded = await forwardQueuedRuns({ ...options, relayId });
      } catch (error) {
        console.error("forwarding queued runs to Inngest failed", error);
      }
      // A full page means more are due: go on at once.
      if (forwarded < (options.limit ?? 100) && !stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.pollMs ?? 250);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  };
  const running = loop();
  return {
    relayId,
    async stop() {
      stopped = true;
      wake?.();
      await running.catch(() => undefined);
    },
  };
}
