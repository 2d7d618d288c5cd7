import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@prisma/client";
import type { InngestFunction } from "inngest";
import { claimRun } from "./claim-run";
import { executeRun, type RunOutcome } from "./execute-run";
import { toLocalFunction, type LocalFunction } from "./function-access";
import { onLocalWakeup } from "./local-wakeup";

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
};

export const DEFAULT_LEASE_MS = 15_000;

function registry(functions: InngestFunction.Any[]): Map<string, LocalFunction> {
  return new Map(functions.map(toLocalFunction).map((fn) => [fn.id, fn]));
}

type Claim = { workerId: string; leaseMs: number; companyIds?: string[]; concurrencyKey?: string };
/** chainKey: the run's concurrency key when another run of it was due at the claim (worth a same-key claim next). */
type Executed = { outcome: RunOutcome; chainKey: string | null };

async function claimAndExecute(fns: Map<string, LocalFunction>, claim: Claim, inFlight?: Set<string>, othersDue?: () => void): Promise<Executed | null> {
  const { workerId, leaseMs } = claim;
  const run = await claimRun({ ...claim, functionIds: [...fns.keys()] });
  if (!run) return null;
  if (run.othersDue) othersDue?.();
  inFlight?.add(run.id);
  try {
    return { outcome: await executeRun(run, fns.get(run.functionId)!, { workerId, leaseMs }), chainKey: run.seriesHasNext ? run.concurrencyKey : null };
  } finally {
    inFlight?.delete(run.id);
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
export function startLocalWorker(db: PrismaClient, functions: InngestFunction.Any[], options: LocalWorkerOptions = {}) {
  const fns = registry(functions);
  const workerId = options.workerId ?? `local-${process.pid}-${randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? 250;
  const inFlight = new Set<string>();
  let stopped = false;
  const sleepers = new Set<() => void>();
  const wakeAll = () => sleepers.forEach((wake) => wake());
  // One enqueued run needs one slot: waking every idle slot made the others run empty claim transactions.
  const wakeOne = () => sleepers.values().next().value?.();
  const unsubscribe = onLocalWakeup(wakeOne);

  const heartbeat = setInterval(() => {
    if (inFlight.size === 0) return;
    db.backgroundRun
      .updateMany({ where: { id: { in: [...inFlight] }, workerId, status: "RUNNING" }, data: { leaseUntil: new Date(Date.now() + leaseMs) } })
      .catch((error: unknown) => console.error("local worker heartbeat failed", error));
  }, Math.max(100, Math.floor(leaseMs / 3)));
  heartbeat.unref?.();

  // Idle slots wait to be woken: by a run enqueued in this process, by a slot whose claim saw
  // other runs due, or by the one poll timer of the process (runs queued by the database or by
  // other processes). A timer per slot made every idle slot run an empty claim each poll.
  // Not unref'd: like the per-slot timers before it, it keeps a worker process alive until stop().
  const poll = setInterval(wakeOne, pollMs);
  const idle = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        sleepers.delete(done);
        resolve();
      };
      sleepers.add(done);
    });

  const slot = async () => {
    let key: string | null = null;
    let inARow = 0;
    let chainStarted = 0;
    while (!stopped) {
      try {
        const chaining: boolean = key !== null && inARow < MAX_RUNS_PER_KEY_IN_A_ROW && Date.now() - chainStarted < MAX_MS_PER_KEY_IN_A_ROW;
        const sameKey: Executed | null = chaining ? await claimAndExecute(fns, { workerId, leaseMs, companyIds: options.companyIds, concurrencyKey: key! }, inFlight) : null;
        if (!sameKey) chainStarted = Date.now();
        const executed: Executed | null = sameKey ?? (await claimAndExecute(fns, { workerId, leaseMs, companyIds: options.companyIds }, inFlight, wakeOne));
        inARow = sameKey ? inARow + 1 : 0;
        key = executed?.chainKey ?? null;
        if (executed === null) await idle();
      } catch (error) {
        console.error("local worker slot error", error);
        key = null;
        await idle();
      }
    }
  };
  const slots = Array.from({ length: options.concurrency ?? 4 }, slot);

  return {
    workerId,
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
  while (outcomes.length < (options.maxRuns ?? 10_000)) {
    const executed = await claimAndExecute(fns, { workerId, leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS, companyIds: options.companyIds });
    if (executed === null) break;
    outcomes.push(executed.outcome);
  }
  return outcomes;
}
