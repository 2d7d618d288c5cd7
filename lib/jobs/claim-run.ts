import type { BackgroundRun } from "@prisma/client";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { fromSqlRow } from "@/lib/db/sql-models";

export type ClaimOptions = { workerId: string; functionIds: string[]; leaseMs: number; companyIds?: string[] };

// A run is due when it is QUEUED with runAt passed, or RUNNING with an expired
// lease (its worker died). One statement: the candidate is locked with FOR
// UPDATE SKIP LOCKED, so concurrent workers never take the same row, and a run
// with a concurrency key is eligible only when no other run of its key holds a
// live lease and no older run of its key is due. The second condition also
// closes the race between two workers: while one holds the oldest due run of
// a key (locked, not yet committed), the other sees it still due and older,
// so it cannot start a younger run of the same key.
const CLAIM = `
  UPDATE "BackgroundRun"
  SET "status" = 'RUNNING', "workerId" = $3, "leaseUntil" = $4::timestamp, "startedAt" = $5::timestamp, "updatedAt" = $5::timestamp
  WHERE "id" = (
    SELECT r."id" FROM "BackgroundRun" r
    WHERE r."functionId" = ANY($1::text[])
      AND ($2::text[] IS NULL OR r."companyId" = ANY($2::text[]))
      AND r."runAt" <= now()
      AND (r."status" = 'QUEUED' OR (r."status" = 'RUNNING' AND r."leaseUntil" < now()))
      AND (r."concurrencyKey" IS NULL OR NOT EXISTS (
        SELECT 1 FROM "BackgroundRun" o
        WHERE o."concurrencyKey" = r."concurrencyKey" AND o."id" <> r."id"
          AND ((o."status" = 'RUNNING' AND o."leaseUntil" >= now())
            OR ((o."status" = 'QUEUED' OR o."status" = 'RUNNING') AND o."runAt" <= now()
                AND (o."runAt", o."createdAt", o."id") < (r."runAt", r."createdAt", r."id")))))
    ORDER BY r."runAt", r."createdAt", r."id"
    LIMIT 1
    FOR UPDATE OF r SKIP LOCKED)
  RETURNING *`;

/** Claims one due run for this worker, or null. */
export async function claimRun(options: ClaimOptions): Promise<BackgroundRun | null> {
  // null: every company (the app's worker); a list: only those (tests and tools that drive their own runs).
  const now = new Date();
  const [row] = await sql<Record<string, unknown>>(getPool(), CLAIM, [
    options.functionIds,
    options.companyIds ?? null,
    options.workerId,
    utc(new Date(now.getTime() + options.leaseMs)),
    utc(now),
  ]);
  return row ? fromSqlRow<BackgroundRun>("BackgroundRun", row) : null;
}
