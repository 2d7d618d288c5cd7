import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@prisma/client";
import type { InngestFunction } from "inngest";
import { claimRun, releaseClaimedRun, type ClaimedRun } from "./claim-run";
import { executeRun, runFinish, type Finisher, type FinishStatement, type RunOutcome } from "./execute-run";
import { toLocalFunction, type LocalFunction } from "./function-access";
import { onLocalWakeup } from "./local-wakeup";
import { env } from "@/lib/config/env";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";

export type LocalWorkerOptions = {
  /** Runs executed at the same time by this process (different concurrency keys). */
  concurrency?: number;
  /** Idle poll interval; enqueueing in this process also wakes the loop at once. */
  pollMs?: number;
  /** A run whose worker stops renewing its lease for this long is taken over (crash recovery). */
  leaseMs?: number;
  workerId?: string;
  /** Only runs of these companies (tests sharing a database); every company when absent. */
  companyIds?: string[];
  /** Functions with slots of their own, next to the `concurrency` slots of the others. */
  lanes?: SlotLane[];
  /** Emission runs to one authorizer (authorizer-key.ts) in flight at once in the main slots; half of them by default. */
  perAuthorizer?: number;
};

/**
 * A lane's runs take only the lane's slots, and no other run takes them. Webhook delivery runs
 * mostly wait on receivers (up to 10 s an answer): in the shared slots a few slow receivers
 * would hold emission's slots while waiting.
 */
export type SlotLane = { functionIds: readonly string[]; slots: number; perCompany?: number };

type SlotPool = { functionIds: string[]; slots: number; sleepers: Set<() => void>; shares: SlotShares };

/**
 * The slot pools of a worker: one per lane with a function this worker runs, and one for the
 * rest. A worker that runs only one lane's functions (WORKER_FUNCTIONS) gives them all its slots.
 */
export function slotPools(functionIds: string[], concurrency: number, lanes: readonly SlotLane[]): Array<{ functionIds: string[]; slots: number; perCompany?: number }> {
  // A lane of 0 slots shares the main slots.
  const laned = lanes
    .map((lane) => ({ functionIds: functionIds.filter((id) => lane.functionIds.includes(id)), slots: lane.slots, perCompany: lane.perCompany }))
    .filter((lane) => lane.functionIds.length > 0 && lane.slots > 0);
  const rest = functionIds.filter((id) => !laned.some((lane) => lane.functionIds.includes(id)));
  if (rest.length === 0) return [{ functionIds, slots: concurrency, perCompany: laned.length === 1 ? laned[0]!.perCompany : undefined }];
  return [{ functionIds: rest, slots: concurrency }, ...laned];
}

export const DEFAULT_LEASE_MS = 15_000;

const RENEW_LEASES = `UPDATE "BackgroundRun" SET "leaseUntil" = $3::timestamp, "updatedAt" = $4::timestamp
  WHERE "id" = ANY($1::text[]) AND "workerId" = $2 AND "status" = 'RUNNING'`;

function registry(functions: InngestFunction.Any[]): Map<string, LocalFunction> {
  return new Map(functions.map(toLocalFunction).map((fn) => [fn.id, fn]));
}

type Claim = { workerId: string; leaseMs: number; functionIds: string[]; companyIds?: string[]; concurrencyKey?: string };
/** chainKey: the run's concurrency key when another run of it was due at the claim (worth a same-key claim next). */
type Executed = { outcome: RunOutcome; chainKey: string | null };

/**
 * Fair sharing of a pool's slots (issue 34, item 8): at most `perCompany` runs of one company (the
 * delivery lane: one company's dead receivers hold only its share) and at most `perAuthorizer`
 * emission runs to one authorizer (the main slots: one hanging authority delays only its own
 * companies). A claim leaves out the companies and authorizers at their cap; slots claim
 * concurrently, so a run found over its cap once claimed is given back.
 */
export class SlotShares {
  private readonly runs = new Map<string, { companyId: string | null; authorizerKey: string | null }>();

  constructor(private readonly caps: { perCompany?: number; perAuthorizer?: number }) {}

  private count(pick: (run: { companyId: string | null; authorizerKey: string | null }) => string | null): Map<string, number> {
    const counts = new Map<string, number>();
    for (const run of this.runs.values()) {
      const key = pick(run);
      if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }

  private full(counts: Map<string, number>, cap: number | undefined): string[] {
    return cap === undefined ? [] : [...counts].filter(([, count]) => count >= cap).map(([key]) => key);
  }

  /** What the next claim leaves out. */
  exclusions(): { excludeCompanyIds: string[]; excludeAuthorizers: string[] } {
    return {
      excludeCompanyIds: this.full(this.count((run) => run.companyId), this.caps.perCompany),
      excludeAuthorizers: this.full(this.count((run) => run.authorizerKey), this.caps.perAuthorizer),
    };
  }

  /** Takes a share for a claimed run, or false when its company or authorizer is already at its cap. */
  admit(run: Pick<ClaimedRun, "id" | "companyId" | "authorizerKey">): boolean {
    const { excludeCompanyIds, excludeAuthorizers } = this.exclusions();
    if (run.companyId !== null && excludeCompanyIds.includes(run.companyId)) return false;
    if (run.authorizerKey !== null && excludeAuthorizers.includes(run.authorizerKey)) return false;
    this.runs.set(run.id, { companyId: run.companyId, authorizerKey: run.authorizerKey });
    return true;
  }

  release(runId: string): void {
    this.runs.delete(runId);
  }
}

/** The main slots' share per authorizer: EMISSION_SLOTS_PER_AUTHORIZER, or half the slots (at least one). */
export function defaultPerAuthorizer(concurrency: number, configured = 0): number {
  return configured > 0 ? configured : Math.max(1, Math.floor(concurrency / 2));
}

/**
 * A slot's run's final update not yet made: a synchronous one waits for the slot's next claim,
 * which makes it in the same statement (claim-run.ts): one round trip and one commit fewer per
 * run. The slot makes it alone when it stops or its claim fails.
 */
type PendingFinish = { statement: FinishStatement | null };

async function finishPending(pending: PendingFinish | undefined): Promise<void> {
  const statement = pending?.statement;
  if (!statement) return;
  pending.statement = null;
  await runFinish(statement);
}

async function claimAndExecute(fns: Map<string, LocalFunction>, claim: Claim, inFlight?: Set<string>, othersDue?: () => void, shares?: SlotShares, pending?: PendingFinish): Promise<Executed | null> {
  const { workerId, leaseMs } = claim;
  const finish = pending?.statement ?? undefined;
  let run: ClaimedRun | null;
  try {
    run = await claimRun({ ...claim, ...shares?.exclusions(), finish });
  } catch (error) {
    // The claim and the carried update failed together: make the update alone (its run is done).
    await finishPending(pending).catch((finishError: unknown) => console.error("local worker: a run's final update failed", finishError));
    throw error;
  }
  if (pending && finish) pending.statement = null;
  // The carried update made a step's write (an emission's settlement), whose triggers may have queued
  // runs (webhooks, e-mail) that this claim's snapshot did not see: look once more.
  if (!run && finish?.stepWrite) return claimAndExecute(fns, claim, inFlight, othersDue, shares, pending);
  if (!run) return null;
  if (shares && !shares.admit(run)) {
    await releaseClaimedRun(run.id, workerId);
    // Claim again: the exclusions now name the run's company or authorizer.
    return claimAndExecute(fns, claim, inFlight, othersDue, shares, pending);
  }
  if (run.othersDue) othersDue?.();
  inFlight?.add(run.id);
  // Synchronous final updates wait for the next claim; asynchronous ones are made at once.
  const finisher: Finisher | undefined = pending
    ? async (statement) => {
        if (statement.asyncCommit) await runFinish(statement);
        else pending.statement = statement;
      }
    : undefined;
  try {
    return { outcome: await executeRun(run, fns.get(run.functionId)!, { workerId, leaseMs, finisher }), chainKey: run.seriesHasNext ? run.concurrencyKey : null };
  } finally {
    inFlight?.delete(run.id);
    shares?.release(run.id);
  }
}

// A slot that finished a run of a series (concurrency key) first looks for the next run of
// that series when one was due at its claim: a cheap index lookup, where a claim over every key
// scans the whole due queue.
// Bounded in runs and in time, so busy series cannot keep the slots from other runs for long:
// with as many busy emission series as slots, webhook delivery runs waited for whole chains
// (seconds) although they were due earlier than the series' next runs.
const MAX_RUNS_PER_KEY_IN_A_ROW = 50;
const MAX_MS_PER_KEY_IN_A_ROW = 500;

/**
 * The local driver's loop: `concurrency` slots each claim a due run from
 * PostgreSQL and execute it; a heartbeat renews the leases of runs in flight.
 * `stop()` lets runs in flight finish their current step chain, then resolves.
 */
// `_db`: kept for callers; every statement of the worker runs on the shared pool (lib/db/sql.ts).
export function startLocalWorker(_db: PrismaClient, functions: InngestFunction.Any[], options: LocalWorkerOptions = {}) {
  const fns = registry(functions);
  const workerId = options.workerId ?? `local-${process.pid}-${randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? 250;
  const inFlight = new Set<string>();
  let stopped = false;
  const concurrency = options.concurrency ?? 4;
  const perAuthorizer = options.perAuthorizer ?? defaultPerAuthorizer(concurrency, env().EMISSION_SLOTS_PER_AUTHORIZER);
  const pools: SlotPool[] = slotPools([...fns.keys()], concurrency, options.lanes ?? []).map((pool, index) => ({
    ...pool,
    sleepers: new Set(),
    shares: new SlotShares({ perCompany: pool.perCompany, perAuthorizer: index === 0 ? perAuthorizer : undefined }),
  }));
  const wakeOneOf = (pool: SlotPool) => pool.sleepers.values().next().value?.();
  const wakeAll = () => pools.forEach((pool) => pool.sleepers.forEach((wake) => wake()));
  // The doorbell rings for runs enqueued in this process (emission, backfill: the first pool's);
  // one enqueued run needs one slot: waking every idle slot made the others run empty claim transactions.
  const unsubscribe = onLocalWakeup(() => wakeOneOf(pools[0]!));

  // Plain SQL, as every other statement of the worker: the heartbeat was the only Prisma query of a
  // worker process, and Prisma's first query loads its query compiler (hundreds of ms of CPU).
  const heartbeat = setInterval(() => {
    if (inFlight.size === 0) return;
    const now = Date.now();
    sql(getPool(), RENEW_LEASES, [[...inFlight], workerId, utc(new Date(now + leaseMs)), utc(new Date(now))])
      .catch((error: unknown) => console.error("local worker heartbeat failed", error));
  }, Math.max(100, Math.floor(leaseMs / 3)));
  heartbeat.unref?.();

  // Idle slots wait to be woken: by a run enqueued in this process, by a slot of their pool whose
  // claim saw other runs due, or by the one poll timer of the process (runs queued by the database
  // or by other processes), which wakes one idle slot of each pool. A timer per slot made every
  // idle slot run an empty claim each poll.
  // Not unref'd: like the per-slot timers before it, it keeps a worker process alive until stop().
  const poll = setInterval(() => pools.forEach(wakeOneOf), pollMs);
  const idle = (pool: SlotPool) =>
    new Promise<void>((resolve) => {
      const done = () => {
        pool.sleepers.delete(done);
        resolve();
      };
      pool.sleepers.add(done);
    });

  const slot = async (pool: SlotPool) => {
    const wakeOne = () => wakeOneOf(pool);
    const pending: PendingFinish = { statement: null };
    let key: string | null = null;
    let inARow = 0;
    let chainStarted = 0;
    while (!stopped) {
      try {
        const chaining: boolean = key !== null && inARow < MAX_RUNS_PER_KEY_IN_A_ROW && Date.now() - chainStarted < MAX_MS_PER_KEY_IN_A_ROW;
        const claim = { workerId, leaseMs, functionIds: pool.functionIds, companyIds: options.companyIds };
        const sameKey: Executed | null = chaining ? await claimAndExecute(fns, { ...claim, concurrencyKey: key! }, inFlight, undefined, pool.shares, pending) : null;
        if (!sameKey) chainStarted = Date.now();
        const executed: Executed | null = sameKey ?? (await claimAndExecute(fns, claim, inFlight, wakeOne, pool.shares, pending));
        inARow = sameKey ? inARow + 1 : 0;
        key = executed?.chainKey ?? null;
        if (executed === null) await idle(pool);
      } catch (error) {
        console.error("local worker slot error", error);
        key = null;
        await idle(pool);
      }
    }
    await finishPending(pending).catch((error: unknown) => console.error("local worker: a run's final update failed", error));
  };
  const slots = pools.flatMap((pool) => Array.from({ length: pool.slots }, () => slot(pool)));

  return {
    workerId,
    /** The slots per pool, e.g. "8 slots; webhook-deliver: 4 slots". */
    slots: pools.map((pool, index) => `${index === 0 ? "" : `${pool.functionIds.join(", ")}: `}${pool.slots} slot${pool.slots === 1 ? "" : "s"}`).join("; "),
    async stop() {
      stopped = true;
      wakeAll();
      await Promise.all(slots);
      clearInterval(poll);
      clearInterval(heartbeat);
      unsubscribe();
    },
  };
}

/**
 * Executes due runs in this process until none is due (tests and scripts that
 * drive the queue themselves). Sleeping runs stay parked until their runAt.
 */
export async function drainDueRuns(functions: InngestFunction.Any[], options: { workerId?: string; leaseMs?: number; maxRuns?: number; companyIds?: string[] } = {}): Promise<RunOutcome[]> {
  const fns = registry(functions);
  const workerId = options.workerId ?? `drain-${process.pid}-${randomUUID().slice(0, 8)}`;
  const outcomes: RunOutcome[] = [];
  const pending: PendingFinish = { statement: null };
  try {
    while (outcomes.length < (options.maxRuns ?? 10_000)) {
      const executed = await claimAndExecute(fns, { workerId, leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS, functionIds: [...fns.keys()], companyIds: options.companyIds }, undefined, undefined, undefined, pending);
      if (executed === null) break;
      outcomes.push(executed.outcome);
    }
  } finally {
    await finishPending(pending);
  }
  return outcomes;
}
