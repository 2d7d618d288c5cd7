import { db, type DbClient } from "@/lib/db/client";

export type DocumentRunSummary = {
  runId: string;
  functionId: string;
  status: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
  attempt: number;
  /** Next try (backoff or sleep) while QUEUED. */
  runAt: string;
  error: string | null;
  /** Step ids done so far (unordered: jsonb keeps no insertion order). */
  completedSteps: string[];
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

/** Background runs of a document, newest first, for the dashboard timeline. */
export async function listRunsForDocument(companyId: string, documentId: string, client: DbClient = db): Promise<DocumentRunSummary[]> {
  const runs = await client.backgroundRun.findMany({ where: { companyId, documentId }, orderBy: { createdAt: "desc" }, take: 50 });
  return runs.map((run) => ({
    runId: run.id,
    functionId: run.functionId,
    status: run.status,
    attempt: run.attempt,
    runAt: run.runAt.toISOString(),
    error: run.error,
    completedSteps: Object.keys((run.steps ?? {}) as Record<string, unknown>),
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
  }));
}
