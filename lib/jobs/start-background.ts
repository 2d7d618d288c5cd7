import type { InngestFunction } from "inngest";
import { env } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { backgroundDriver } from "./driver-mode";
import { startLocalWorker } from "./local-worker";

const holder = globalThis as unknown as { __localWorker?: ReturnType<typeof startLocalWorker> };

/**
 * Starts this process's local worker loop when runs are not sent to Inngest
 * and LOCAL_WORKER is on (the default). Idempotent: dev reloads reuse it.
 */
export function startLocalBackgroundWorker(functions: InngestFunction.Any[]) {
  const config = env();
  if (backgroundDriver() !== "local" || config.LOCAL_WORKER !== "on") return null;
  // The embedded database is single-session; one slot avoids queueing behind the pool.
  const concurrency = config.DATABASE_POOL_MAX <= 1 ? 1 : Math.max(1, Math.min(8, config.DATABASE_POOL_MAX - 2));
  holder.__localWorker ??= startLocalWorker(getDb(), functions, { concurrency });
  return holder.__localWorker;
}
