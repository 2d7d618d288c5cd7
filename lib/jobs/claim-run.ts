import type { BackgroundRun } from "@prisma/client";
import { getPool } from "@/lib/db/client";
import { ASYNC_COMMIT, sql, utc } from "@/lib/db/sql";
import { fromSqlRow } from "@/lib/db/sql-models";
import { authorizerKeySql } from "./authorizer-key";
import { runFinish, type FinishStatement } from "./execute-run";
import { shiftParameters } from "./step-write";
import { declaredRunKinds, runKindsVersion } from "./run-kinds";

export type ClaimOptions = {
  workerId: string;
  functionIds: string[];
  leaseMs: number;
  companyIds?: string[];
  /** Only runs of this concurrency key: the next run of a series its worker just finished (an index lookup, not a scan of the whole queue). */
  concurrencyKey?: string;
  /** Not runs of these companies (their share of the pool is taken: local-worker.ts, caps). */
  excludeCompanyIds?: string[];
  /** Not emission runs to these authorizers (authorizer-key.ts; their share of the pool is taken). */
  excludeAuthorizers?: string[];
};

// A run is due when it is QUEUED with runAt passed, or RUNNING with an expired
// lease (its worker died). One statement. Only the head of each concurrency
// key (its oldest due run) is a candidate, and only while no other run of the
// key holds a live lease; candidates are locked with FOR UPDATE SKIP LOCKED,
// so concurrent workers never take the same row. Heads also close the race
// between two workers: while one holds a key's head (locked, not yet
// committed), the other still sees it as the head and skips it, so it cannot
// start a younger run of the same key. The due conditions are repeated on r
// so that a row another worker claimed and committed meanwhile fails the
// re-check PostgreSQL makes after locking.
// The heads are computed once (MATERIALIZED: one sort of the due queue) and
// r is reached from them by primary key only: its re-check compares the
// status as text, which no index serves. A queue table's statistics almost
// always say "one QUEUED row" (it is analyzed empty, or among a million
// finished runs), and trusting them the planner walked the whole due queue
// again for every head: 2–5 ms a claim with 200 runs queued, a tenth of
// emission's CPU in bench:emit.

// The claim's key condition. A claim for one key (the slot that just finished a run of a series
// asks for its next run) has a statement of its own: in the shared one, "$6 IS NULL OR key = $6"
// is a condition no index serves once PostgreSQL settles on the generic plan, so each such claim
// read every due run of every series: 816 rows for one series' 50 of 400 due runs in
// claim-plan.integration.test.ts; with 20,000 runs due over 8 series, 7.7–7.9 ms a claim against
// 4.1 keyed (the keyed claim still sorts its series' due runs).
const keyCondition = (keyed: boolean) => (keyed ? `h."concurrencyKey" = $6::text` : `($6::text IS NULL OR h."concurrencyKey" = $6::text)`);

// Candidates: the due runs of the claim's functions (and companies, and key). The keyed claim
// names the key and each status, which the (concurrencyKey, status) index looks up together: a
// series' finished runs stay in the table, so a lookup by the key alone would read its whole history.
const dueRuns = (keyed: boolean, exclusions = "") => {
  const filters = `h."functionId" = ANY($1::text[]) AND ($2::text[] IS NULL OR h."companyId" = ANY($2::text[])) AND ${keyCondition(keyed)} AND h."runAt" <= now()${exclusions}`;
  if (!keyed) {
    return `
  SELECT h."id", h."concurrencyKey", h."runAt", h."createdAt" FROM "BackgroundRun" h
  WHERE ${filters} AND (h."status" = 'QUEUED' OR (h."status" = 'RUNNING' AND h."leaseUntil" < now()))`;
  }
  return `
  SELECT h."id", h."concurrencyKey", h."runAt", h."createdAt" FROM "BackgroundRun" h WHERE h."status" = 'QUEUED' AND ${filters}
  UNION ALL
  SELECT h."id", h."concurrencyKey", h."runAt", h."createdAt" FROM "BackgroundRun" h WHERE h."status" = 'RUNNING' AND h."leaseUntil" < now() AND ${filters}`;
};

/**
 * Functions whose QUEUED runs have a partial index of their own by key and due time (run-kinds.ts,
 * ownQueueIndex; webhook delivery runs: "BackgroundRun_queued_delivery_run_idx", migration
 * 20261125070000_webhook_run_cadence). A claim of only such a function's runs (the delivery slots' pool) reads that index and the few
 * RUNNING runs instead of walking the whole due queue, emission's runs included: with 400
 * emission runs due, the general claim read 802 entries of the status index and this one none
 * (claim-plan.integration.test.ts); in bench:emit with 3 endpoints per company a delivery slot's
 * claim, its empty polls included, went from about 0.63 to 0.26 ms.
 * The function id is written into the statement: a partial index serves only a query whose
 * conditions name its predicate's values.
 */
function dueRunsOfOne(functionId: string, keyed: boolean, exclusions = ""): string {
  const filters = `h."functionId" = '${functionId}' AND h."functionId" = ANY($1::text[]) AND ($2::text[] IS NULL OR h."companyId" = ANY($2::text[]))
      AND ${keyCondition(keyed)} AND h."runAt" <= now()${exclusions}`;
  return `
  SELECT h."id", h."concurrencyKey", h."runAt", h."createdAt" FROM "BackgroundRun" h WHERE h."status" = 'QUEUED' AND ${filters}
  UNION ALL
  SELECT h."id", h."concurrencyKey", h."runAt", h."createdAt" FROM "BackgroundRun" h WHERE h."status" = 'RUNNING' AND h."leaseUntil" < now() AND ${filters}`;
}

// The claim of a worker whose caps are reached for some companies or authorizers ($7, $8): a
// variant of its own, so the usual claim's statement and plan stay as they are. Every run of a
// concurrency key has the key's company and authorizer, so excluding them never makes a younger
// run of a key its head.
const exclusions = () => `
    AND (h."companyId" IS NULL OR h."companyId" <> ALL($7::text[]))
    AND coalesce(${authorizerKeySql("h")}, '') <> ALL($8::text[])`;

// Another head of the claim's queue (its functions and companies) whose concurrency key is free:
// a run an idle slot of the pool could take now. Runs queued behind keys that are running do not
// count: in steady emission every claim saw those, and the slot it woke ran an empty claim.
// The run that a carried final update finishes still holds its key in the statement's snapshot
// (withFinish lets it go).
const OTHERS_KEY_CHECK = `q."id" <> a."id"`;
const OTHERS_DUE = `EXISTS (SELECT 1 FROM heads a
      WHERE a."id" <> "BackgroundRun"."id"
        AND (a."concurrencyKey" IS NULL OR (a."concurrencyKey" IS DISTINCT FROM "BackgroundRun"."concurrencyKey" AND NOT EXISTS (SELECT 1 FROM "BackgroundRun" q
          WHERE q."concurrencyKey" = a."concurrencyKey" AND q."status" = 'RUNNING' AND q."leaseUntil" >= now() AND q."id" <> a."id")))) AS "othersDue"`;

function claimStatement(dueRuns: string, asyncCommit = false): string {
  return `
  WITH heads AS MATERIALIZED (
    SELECT DISTINCT ON (coalesce(h."concurrencyKey", h."id")) h."id", h."concurrencyKey", h."runAt", h."createdAt"
    FROM (${dueRuns}) h
    ORDER BY coalesce(h."concurrencyKey", h."id"), h."runAt", h."createdAt", h."id")
  UPDATE "BackgroundRun"
  SET "status" = 'RUNNING', "workerId" = $3, "leaseUntil" = $4::timestamp, "startedAt" = $5::timestamp, "updatedAt" = $5::timestamp
  WHERE "id" = (
    SELECT r."id" FROM heads JOIN "BackgroundRun" r ON r."id" = heads."id"
    WHERE r."runAt" <= now() AND (r."status"::text = 'QUEUED' OR (r."status"::text = 'RUNNING' AND r."leaseUntil" < now()))
      AND (r."concurrencyKey" IS NULL OR NOT EXISTS (
        SELECT 1 FROM "BackgroundRun" o
        WHERE o."concurrencyKey" = r."concurrencyKey" AND o."status" = 'RUNNING' AND o."leaseUntil" >= now() AND o."id" <> r."id"))
    ORDER BY heads."runAt", heads."createdAt", heads."id"
    LIMIT 1
    FOR UPDATE OF r SKIP LOCKED)${asyncCommit ? ` AND ${ASYNC_COMMIT}` : ""}
  RETURNING *, ${authorizerKeySql('"BackgroundRun"')} AS "authorizerKey", "concurrencyKey" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "BackgroundRun" n
    WHERE n."concurrencyKey" = "BackgroundRun"."concurrencyKey" AND n."status" = 'QUEUED' AND n."runAt" <= now() AND n."id" <> "BackgroundRun"."id") AS "seriesHasNext",
    ${OTHERS_DUE}`;
}

type ClaimStatements = { claim: string; claimExcluding: string; ownQueue: Map<string, string>; ownQueueExcluding: Map<string, string> };

// Built from the declared run kinds (run-kinds.ts) at the first claim, again only if a kind is declared later;
// one set for claims of any key, one for claims of one key.
let statements: { version: number; any: ClaimStatements; keyed: ClaimStatements } | undefined;

function buildStatements(keyed: boolean): ClaimStatements {
  const ownQueue = declaredRunKinds().filter(([, kind]) => kind.ownQueueIndex).map(([id, kind]) => [id, Boolean(kind.asyncCommit)] as const);
  const EXCLUSIONS = exclusions();
  return {
    claim: claimStatement(dueRuns(keyed)),
    // The exclusions in each branch's own conditions (the keyed claim is a UNION ALL).
    claimExcluding: claimStatement(dueRuns(keyed, EXCLUSIONS)),
    ownQueue: new Map(ownQueue.map(([id, asyncCommit]) => [id, claimStatement(dueRunsOfOne(id, keyed), asyncCommit)])),
    ownQueueExcluding: new Map(ownQueue.map(([id, asyncCommit]) => [id, claimStatement(dueRunsOfOne(id, keyed, EXCLUSIONS), asyncCommit)])),
  };
}

function claimStatements(keyed: boolean): ClaimStatements {
  if (statements?.version !== runKindsVersion()) statements = { version: runKindsVersion(), any: buildStatements(false), keyed: buildStatements(true) };
  return keyed ? statements.keyed : statements.any;
}

/**
 * The claim statement for these functions: through a function's own queue index when it is the only
 * one, and then committed asynchronously if the function's bookkeeping may be (run-kinds.ts, asyncCommit).
 * keyed: the claim names one concurrency key ($6 not null).
 */
export function claimStatementFor(functionIds: readonly string[], excluding = false, keyed = false): string {
  const built = claimStatements(keyed);
  if (excluding) return (functionIds.length === 1 && built.ownQueueExcluding.get(functionIds[0]!)) || built.claimExcluding;
  return (functionIds.length === 1 && built.ownQueue.get(functionIds[0]!)) || built.claim;
}

/**
 * seriesHasNext: another run of the claimed run's concurrency key was due at the claim, so the
 * slot that runs this one looks for the key's next run first (local-worker.ts). A webhook
 * delivery run seldom has one: its endpoint's next run is due a gathering window or a run cadence later.
 * othersDue: another run of the claim's functions (and companies) was due at the claim, its key free, so an idle
 * slot of the same pool should look too. Runs of other pools are not counted: waking a slot that
 * cannot take them only made it run an empty claim.
 */
export type ClaimedRun = BackgroundRun & { seriesHasNext: boolean; othersDue: boolean; authorizerKey: string | null };

// A claim that also carries the slot's previous run's final update (a synchronous one,
// execute-run.ts): the update runs first in the same statement and commits with the claim. The
// claim reads the queue as it was before that update, where the finished run still holds its
// concurrency key: it is left out of the key check when the update applied (the `finished` CTE
// returns it), and still counts when it did not (another worker took the run over meanwhile).
const folded = new Map<string, string>();

function withFinish(claim: string, claimParameters: number, finishCtes: string): string {
  const key = `${claimParameters}\u0000${claim}\u0000${finishCtes}`;
  let text = folded.get(key);
  if (text) return text;
  const shifted = shiftParameters(finishCtes, claimParameters);
  const keyCheck = `AND o."id" <> r."id"))`;
  if (!claim.trimStart().startsWith("WITH heads AS MATERIALIZED (") || !claim.includes(keyCheck) || !claim.includes(OTHERS_KEY_CHECK)) throw new Error("claim statement without the shape withFinish expects");
  // Replacement functions: the texts hold $n, which a replacement string would interpret.
  text = claim
    .replace("WITH heads AS MATERIALIZED (", () => `WITH ${shifted}, heads AS MATERIALIZED (`)
    .replace(keyCheck, () => `AND o."id" <> r."id" AND o."id" NOT IN (SELECT f."id" FROM finished f)))`)
    .replace(OTHERS_KEY_CHECK, () => `${OTHERS_KEY_CHECK} AND q."id" NOT IN (SELECT f."id" FROM finished f)`);
  folded.set(key, text);
  return text;
}

/**
 * Claims one due run for this worker, or null. `finish`: the final update of the run this slot
 * just executed (synchronous commit only), made by the same statement whether or not a run is claimed.
 */
export async function claimRun(options: ClaimOptions & { finish?: FinishStatement }): Promise<ClaimedRun | null> {
  // null: every company (the app's worker); a list: only those (tests and tools that drive their own runs).
  const now = new Date();
  const excluding = (options.excludeCompanyIds?.length ?? 0) > 0 || (options.excludeAuthorizers?.length ?? 0) > 0;
  const values: unknown[] = [options.functionIds, options.companyIds ?? null, options.workerId, utc(new Date(now.getTime() + options.leaseMs)), utc(now), options.concurrencyKey ?? null];
  if (excluding) values.push(options.excludeCompanyIds ?? [], options.excludeAuthorizers ?? []);
  let text = claimStatementFor(options.functionIds, excluding, options.concurrencyKey !== undefined);
  const finish = options.finish;
  if (finish) {
    // Only into a claim that commits as the finish must (synchronously).
    if (finish.asyncCommit || text.includes(ASYNC_COMMIT)) {
      await runFinish(finish);
    } else {
      text = withFinish(text, values.length, finish.ctes);
      values.push(...finish.values);
    }
  }
  const [row] = await sql<Record<string, unknown>>(getPool(), text, values);
  if (!row) return null;
  const { seriesHasNext, othersDue, authorizerKey, ...run } = row;
  return { ...fromSqlRow<BackgroundRun>("BackgroundRun", run), seriesHasNext: seriesHasNext === true, othersDue: othersDue === true, authorizerKey: (authorizerKey as string | null) ?? null };
}

/**
 * Gives a just-claimed run back to the queue untouched (its worker found the run's company or
 * authorizer at its cap once the claim returned: slots claim concurrently). Not an attempt.
 */
export async function releaseClaimedRun(runId: string, workerId: string): Promise<void> {
  await sql(getPool(), `UPDATE "BackgroundRun" SET "status" = 'QUEUED', "workerId" = NULL, "leaseUntil" = NULL WHERE "id" = $1 AND "workerId" = $2 AND "status" = 'RUNNING'`, [runId, workerId]);
}
