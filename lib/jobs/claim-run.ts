import type { BackgroundRun } from "@prisma/client";
import type { PrismaClient } from "@prisma/client";

export type ClaimOptions = { workerId: string; functionIds: string[]; leaseMs: number; companyIds?: string[] };

/**
 * Claims one due run for this worker, or null. A run is due when it is QUEUED
 * with runAt passed, or RUNNING with an expired lease (its worker died).
 * Candidates are locked with FOR UPDATE SKIP LOCKED so concurrent workers never
 * take the same row; a run with a concurrency key is taken only when no other
 * run of that key holds a live lease, checked under a transaction-scoped
 * advisory lock on the key so two workers cannot both pass the check.
 */
export async function claimRun(db: PrismaClient, options: ClaimOptions): Promise<BackgroundRun | null> {
  // null: every company (the app's worker); a list: only those (tests and tools that drive their own runs).
  const companyIds = options.companyIds ?? null;
  return db.$transaction(async (tx) => {
    const candidates = await tx.$queryRaw<Array<{ id: string; concurrencyKey: string | null }>>`
      SELECT r."id", r."concurrencyKey" FROM "BackgroundRun" r
      WHERE r."functionId" = ANY(${options.functionIds}::text[])
        AND (${companyIds}::text[] IS NULL OR r."companyId" = ANY(${companyIds}::text[]))
        AND r."runAt" <= now()
        AND (r."status" = 'QUEUED' OR (r."status" = 'RUNNING' AND r."leaseUntil" < now()))
        AND (r."concurrencyKey" IS NULL OR NOT EXISTS (
          SELECT 1 FROM "BackgroundRun" o
          WHERE o."concurrencyKey" = r."concurrencyKey" AND o."status" = 'RUNNING' AND o."leaseUntil" >= now() AND o."id" <> r."id"))
      ORDER BY r."runAt", r."createdAt"
      LIMIT 8
      FOR UPDATE OF r SKIP LOCKED`;
    const seenKeys = new Set<string>();
    for (const candidate of candidates) {
      const key = candidate.concurrencyKey;
      if (key) {
        // Only the oldest due candidate of a key is eligible, so a key's runs start in order.
        if (seenKeys.has(key)) continue;
        seenKeys.add(key);
        const lock = await tx.$queryRaw<Array<{ locked: boolean }>>`SELECT pg_try_advisory_xact_lock(hashtext(${key})) AS locked`;
        if (!lock[0]?.locked) continue;
        const busy = await tx.$queryRaw<Array<{ id: string }>>`
          SELECT "id" FROM "BackgroundRun"
          WHERE "concurrencyKey" = ${key} AND "status" = 'RUNNING' AND "leaseUntil" >= now() AND "id" <> ${candidate.id} LIMIT 1`;
        if (busy.length > 0) continue;
      }
      const leaseUntil = new Date(Date.now() + options.leaseMs);
      return tx.backgroundRun.update({
        where: { id: candidate.id },
        data: { status: "RUNNING", workerId: options.workerId, leaseUntil, startedAt: new Date() },
      });
    }
    return null;
  });
}
