import { randomUUID } from "node:crypto";
import { inngest } from "./inngest-client";
import { db, type DbClient, Prisma } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { backgroundDriver } from "./driver-mode";
import { wakeLocalWorker } from "./local-wakeup";

export type EnqueueRunInput = {
  /** The run id when the caller needs it before enqueueing (see newRunId); generated otherwise. */
  id?: string;
  functionId: string;
  eventName: string;
  /** Event data; the run id is added as `runId`. */
  data: Record<string, unknown>;
  /** Runs sharing a key run one at a time (the Inngest function declares the same key). */
  concurrencyKey?: string;
  companyId?: string;
  documentId?: string;
};

export function newRunId(): string {
  return randomUUID();
}

/**
 * Records a background run (BackgroundRun row, inside the caller's
 * transaction when given) and hands it to the configured driver. With Inngest
 * the event is sent before the transaction commits (make it the transaction's
 * last statement), with the run id as the event id, so Inngest deduplicates a
 * resend; the function retries while the row is not yet visible, and a
 * rolled-back transaction leaves a run that never finds its row and stops. With the local driver the row IS
 * the run: the worker loop claims it from PostgreSQL.
 */
export async function enqueueRun(input: EnqueueRunInput, client: DbClient = db): Promise<{ runId: string }> {
  const row = runRow(input);
  await client.backgroundRun.create({ data: { ...row, eventData: row.eventData as Prisma.InputJsonObject } });
  await dispatchRun(row);
  return { runId: row.id };
}

/** The BackgroundRun row of a run, for callers that insert it with their own statement (document creation). */
export function runRow(input: EnqueueRunInput) {
  const id = input.id ?? newRunId();
  return {
    id,
    functionId: input.functionId,
    eventName: input.eventName,
    eventData: { ...input.data, runId: id },
    concurrencyKey: input.concurrencyKey ?? null,
    companyId: input.companyId ?? null,
    documentId: input.documentId ?? null,
  };
}

/** Hands a recorded run to the driver: the Inngest event (before the caller commits; see enqueueRun) or a local wake-up. */
export async function dispatchRun(row: { id: string; eventName: string; eventData: Record<string, unknown> }): Promise<void> {
  if (backgroundDriver() === "inngest") {
    try {
      await inngest.send({ id: row.id, name: row.eventName, data: row.eventData });
    } catch (error) {
      console.error("inngest.send failed", error);
      throw new DomainError(503, "service_unavailable", "Background processing is unavailable; try again shortly", { "Retry-After": "30" });
    }
  } else {
    wakeLocalWorker();
  }
}
