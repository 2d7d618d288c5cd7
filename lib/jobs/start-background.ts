import type { InngestFunction } from "inngest";
import { env } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { backgroundDriver } from "./driver-mode";
import { startRunRelay } from "./forward-queued-runs";
import { startLocalWorker, type SlotLane } from "./local-worker";

const holder = globalThis as unknown as { __localWorker?: ReturnType<typeof startLocalWorker>; __runRelay?: ReturnType<typeof startRunRelay> };

/**
 * Starts this process's local worker loop when runs are not sent to Inngest
 * and LOCAL_WORKER is on (the default). Idempotent: dev reloads reuse it.
 */
export function startLocalBackgroundWorker(functions: InngestFunction.Any[], lanes: SlotLane[] = []) {
  const config = env();
  if (backgroundDriver() !== "local" || config.LOCAL_WORKER !== "on") return null;
  // With a single-session pool one slot, and no lane of its own, avoids queueing behind the pool.
  const single = config.DATABASE_POOL_MAX <= 1;
  const concurrency = single ? 1 : Math.max(1, Math.min(8, config.DATABASE_POOL_MAX - 2));
  holder.__localWorker ??= startLocalWorker(getDb(), functions, { concurrency, lanes: single ? [] : lanes });
  return holder.__localWorker;
}

/**
 * With the Inngest driver, starts this process's relay for runs the database
 * queues itself (`functionIds`), which no enqueueRun call sends. Several
 * processes may run it: runs are leased. Idempotent like the worker.
 */
export function startInngestRunRelay(functionIds: string[]) {
  if (backgroundDriver() !== "inngest") return null;
  holder.__runRelay ??= startRunRelay({ functionIds });
  return holder.__runRelay;
}
