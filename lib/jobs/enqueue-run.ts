import { randomUUID } from "node:crypto";
import { inngest } from "@/inngest/client";
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
  const runId = input.id ?? newRunId();
  const data = { ...input.data, runId };
  await client.backgroundRun.create({
    data: {
      id: runId,
      functionId: input.functionId,
      eventName: input.eventName,
      eventData: data as Prisma.InputJsonObject,
      concurrencyKey: input.concurrencyKey ?? null,
      companyId: input.companyId ?? null,
      documentId: input.documentId ?? null,
    },
  });
  if (backgroundDriver() === "inngest") {
    try {
      await inngest.send({ id: runId, name: input.eventName, data });
    } catch (error) {
      console.error("inngest.send failed", error);
      throw new DomainError(503, "service_unavailable", "Background processing is unavailable; try again shortly", { "Retry-After": "30" });
    }
  } else {
    wakeLocalWorker();
  }
  return { runId };
}
