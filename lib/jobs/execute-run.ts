import type { BackgroundRun } from "@prisma/client";
import { NonRetriableError } from "inngest";
import { getPool } from "@/lib/db/client";
import { ASYNC_COMMIT, sql, utc } from "@/lib/db/sql";
import { runKind } from "./run-kinds";
import { backoffDelayMs } from "./backoff";
import type { LocalFunction } from "./function-access";
import { createLocalStepTools, LeaseLostError, SleepInterrupt, StepJournal, type StepMemo } from "./local-step-tools";
import { runUpdateCtes } from "./step-write";

export type RunOutcome = "succeeded" | "sleeping" | "retrying" | "failed" | "lease_lost";

/**
 * Runs one claimed run through its function, replaying memoized steps (a step
 * that finished is never executed again) until it ends, sleeps or throws.
 * Retries of a thrown error keep the memo, as Inngest's do.
 */
export async function executeRun(run: BackgroundRun, fn: LocalFunction, options: { workerId: string; leaseMs: number; finisher?: Finisher }): Promise<RunOutcome> {
  const memo = (run.steps ?? {}) as StepMemo;
  const event = { id: run.id, name: run.eventName, data: run.eventData, ts: run.createdAt.getTime() };
  const owner = { runId: run.id, workerId: options.workerId, leaseMs: options.leaseMs, functionId: run.functionId, finisher: options.finisher };
  const journal = new StepJournal(owner);
  const step = createLocalStepTools(journal, memo, "");
  // deferStepWrite: a step's last write may go with its result (step-write.ts).
  const ctx = { event, events: [event], runId: run.id, attempt: run.attempt, step, logger: console, deferStepWrite: step.deferStepWrite };
  const maxAttempts = fn.maxAttempts;
  try {
    const output = await fn.handler(ctx);
    await finish(owner, journal, { status: "SUCCEEDED", output: output ?? null, finishedAt: new Date(), maxAttempts });
    return "succeeded";
  } catch (error) {
    if (error instanceof LeaseLostError) return "lease_lost";
    if (error instanceof SleepInterrupt) {
      await finish(owner, journal, { status: "QUEUED", runAt: error.until });
      return "sleeping";
    }
    const attempt = run.attempt + 1;
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    if (attempt < maxAttempts && !(error instanceof NonRetriableError)) {
      await finish(owner, journal, { status: "QUEUED", attempt, error: message, runAt: new Date(Date.now() + backoffDelayMs(attempt)), maxAttempts });
      return "retrying";
    }
    // Retries exhausted: the function's onFailure runs (its own memoized steps), then the run is FAILED.
    if (fn.onFailure) {
      const failureEvent = { name: "inngest/function.failed", data: { function_id: fn.id, run_id: run.id, error: { name: (error as Error)?.name, message }, event } };
      const failureStep = createLocalStepTools(journal, memo, "onFailure:");
      try {
        await fn.onFailure({ event: failureEvent, events: [failureEvent], error, runId: run.id, attempt, step: failureStep, logger: console, deferStepWrite: failureStep.deferStepWrite });
      } catch (failureError) {
        if (failureError instanceof LeaseLostError) return "lease_lost";
        console.error(`onFailure of ${fn.id} run ${run.id} threw`, failureError);
      }
    }
    await finish(owner, journal, { status: "FAILED", attempt, error: message, finishedAt: new Date(), maxAttempts });
    return "failed";
  }
}

// Only the lease holder may settle the run; a worker that lost its lease writes nothing. One plain
// statement, which also writes the results of the steps that finished since the last write, and
// the last step's write to its domain tables when it handed one over (step-write.ts).
const FINISH = `UPDATE "BackgroundRun" SET "status" = $3::"RunStatus", "output" = coalesce($4::jsonb, "output"), "finishedAt" = $5::timestamp, "runAt" = coalesce($6::timestamp, "runAt"),
       "attempt" = coalesce($7, "attempt"), "error" = coalesce($8, "error"), "maxAttempts" = coalesce($9, "maxAttempts"), "leaseUntil" = NULL,
       "workerId" = CASE WHEN $3 = 'QUEUED' THEN NULL ELSE "workerId" END, "updatedAt" = $10::timestamp,
       "steps" = "steps" || coalesce($11::jsonb, '{}'::jsonb)
     WHERE "id" = $1 AND "workerId" = $2 AND "status" = 'RUNNING'`;
// Runs of functions declared asyncCommit (run-kinds.ts): lost in a database crash, the run is RUNNING or QUEUED again and runs again.
const FINISH_ASYNC = `${FINISH} AND ${ASYNC_COMMIT}`;

/**
 * A run's final update, as the CTEs of a statement (the run's own update is the one named
 * "finished"). `asyncCommit`: it commits without waiting for the WAL flush (run-kinds.ts). A
 * synchronous one may be carried by the worker's next claim (claim-run.ts, claimRun's `finish`):
 * one round trip and one commit fewer per run. `stepWrite`: it also makes a step's write
 * (step-write.ts), whose triggers may queue runs that the claim made with it cannot see yet.
 */
export type FinishStatement = { ctes: string; values: unknown[]; asyncCommit: boolean; stepWrite: boolean };

/** Runs (or hands on) a run's final update; the default runs it at once. */
export type Finisher = (statement: FinishStatement) => Promise<void>;

export const runFinish: Finisher = async ({ ctes, values }) => {
  await sql(getPool(), `WITH ${ctes} SELECT count(*)::int AS "finished" FROM finished`, values);
};

async function finish(owner: { runId: string; workerId: string; functionId: string; finisher?: Finisher }, journal: StepJournal, change: RunChange) {
  const now = new Date();
  const { steps, write } = journal.take();
  // A domain write commits synchronously, as it would on its own.
  const asyncCommit = !write && runKind(owner.functionId)?.asyncCommit === true;
  const values = [
    owner.runId, owner.workerId, change.status, change.output === undefined ? null : JSON.stringify(change.output ?? null), change.finishedAt ? utc(change.finishedAt) : null,
    change.runAt ? utc(change.runAt) : null, change.attempt ?? null, change.error ?? null, change.maxAttempts ?? null, utc(now),
    steps && JSON.stringify(steps),
  ];
  await (owner.finisher ?? runFinish)({ ...runUpdateCtes(asyncCommit ? FINISH_ASYNC : FINISH, values, write), asyncCommit, stepWrite: write !== null });
}

type RunChange = { status: "SUCCEEDED" | "QUEUED" | "FAILED"; output?: unknown; finishedAt?: Date; runAt?: Date; attempt?: number; error?: string; maxAttempts?: number };
