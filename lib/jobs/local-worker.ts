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

async function claimAndExecute(db: PrismaClient, fns: Map<string, LocalFunction>, claim: { workerId: string; leaseMs: number; companyIds?: string[] }, inFlight?: Set<string>): Promise<RunOutcome | null> {
  const { workerId, leaseMs } = claim;
  const run = await claimRun({ ...claim, functionIds: [...fns.keys()] });
  if (!run) return null;
  inFlight?.add(run.id);
  try {
    return await executeRun(run, fns.get(run.functionId)!, { workerId, leaseMs });
  } finally {
    inFlight?.delete(run.id);
  }
}

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

  const idle = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      sleepers.add(done);
    });

  const slot = async () => {
    while (!stopped) {
      try {
        const outcome = await claimAndExecute(db, fns, { workerId, leaseMs, companyIds: options.companyIds }, inFlight);
        if (outcome === null) await idle();
      } catch (error) {
        console.error("local worker slot error", error);
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
      clearInterval(heartbeat);
      unsubscribe();
    },
  };
}

/**
 * Executes due runs in this process until none is due (tests and scripts that
 * drive the queue themselves). Sleeping runs stay parked until their runAt.
 */
export async function drainDueRuns(db: PrismaClient, functions: InngestFunction.Any[], options: { workerId?: string; leaseMs?: number; maxRuns?: number; companyIds?: string[] } = {}): Promise<RunOutcome[]> {
  const fns = registry(functions);
  const workerId = options.workerId ?? `drain-${process.pid}-${randomUUID().slice(0, 8)}`;
  const outcomes: RunOutcome[] = [];
  while (outcomes.length < (options.maxRuns ?? 10_000)) {
    const outcome = await claimAndExecute(db, fns, { workerId, leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS, companyIds: options.companyIds });
    if (outcome === null) break;
    outcomes.push(outcome);
  }
  return outcomes;
}
