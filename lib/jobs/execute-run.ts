import type { BackgroundRun, PrismaClient } from "@prisma/client";
import { NonRetriableError } from "inngest";
import { Prisma } from "@/lib/db/client";
import { isRecordNotFound } from "@/lib/db/is-record-not-found";
import { backoffDelayMs } from "./backoff";
import type { LocalFunction } from "./function-access";
import { createLocalStepTools, LeaseLostError, SleepInterrupt, type StepMemo } from "./local-step-tools";

export type RunOutcome = "succeeded" | "sleeping" | "retrying" | "failed" | "lease_lost";

/**
 * Runs one claimed run through its function, replaying memoized steps (a step
 * that finished is never executed again) until it ends, sleeps or throws.
 * Retries of a thrown error keep the memo, as Inngest's do.
 */
export async function executeRun(db: PrismaClient, run: BackgroundRun, fn: LocalFunction, options: { workerId: string; leaseMs: number }): Promise<RunOutcome> {
  const memo = (run.steps ?? {}) as StepMemo;
  const event = { id: run.id, name: run.eventName, data: run.eventData, ts: run.createdAt.getTime() };
  const owner = { runId: run.id, workerId: options.workerId, leaseMs: options.leaseMs };
  const step = createLocalStepTools(db, owner, memo, "");
  const ctx = { event, events: [event], runId: run.id, attempt: run.attempt, step, logger: console };
  const maxAttempts = fn.maxAttempts;
  try {
    const output = await fn.handler(ctx);
    await finish(db, owner, { status: "SUCCEEDED", output: toJson(output), finishedAt: new Date(), leaseUntil: null, maxAttempts });
    return "succeeded";
  } catch (error) {
    if (error instanceof LeaseLostError) return "lease_lost";
    if (error instanceof SleepInterrupt) {
      await finish(db, owner, { status: "QUEUED", runAt: error.until, leaseUntil: null, workerId: null });
      return "sleeping";
    }
    const attempt = run.attempt + 1;
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    if (attempt < maxAttempts && !(error instanceof NonRetriableError)) {
      await finish(db, owner, { status: "QUEUED", attempt, error: message, runAt: new Date(Date.now() + backoffDelayMs(attempt)), leaseUntil: null, workerId: null, maxAttempts });
      return "retrying";
    }
    // Retries exhausted: the function's onFailure runs (its own memoized steps), then the run is FAILED.
    if (fn.onFailure) {
      const failureEvent = { name: "inngest/function.failed", data: { function_id: fn.id, run_id: run.id, error: { name: (error as Error)?.name, message }, event } };
      const failureStep = createLocalStepTools(db, owner, memo, "onFailure:");
      try {
        await fn.onFailure({ event: failureEvent, events: [failureEvent], error, runId: run.id, attempt, step: failureStep, logger: console });
      } catch (failureError) {
        if (failureError instanceof LeaseLostError) return "lease_lost";
        console.error(`onFailure of ${fn.id} run ${run.id} threw`, failureError);
      }
    }
    await finish(db, owner, { status: "FAILED", attempt, error: message, finishedAt: new Date(), leaseUntil: null, maxAttempts });
    return "failed";
  }
}

async function finish(db: PrismaClient, owner: { runId: string; workerId: string }, data: Prisma.BackgroundRunUpdateManyMutationInput) {
  // Only the lease holder may settle the run; a worker that lost its lease writes nothing.
  // update (one statement) rather than updateMany, which Prisma wraps in BEGIN/COMMIT.
  try {
    await db.backgroundRun.update({ where: { id: owner.runId, workerId: owner.workerId, status: "RUNNING" }, data, select: { id: true } });
  } catch (error) {
    if (!isRecordNotFound(error)) throw error;
  }
}

function toJson(value: unknown): Prisma.InputJsonValue | typeof Prisma.JsonNull {
  if (value === undefined || value === null) return Prisma.JsonNull;
  return JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;
}
