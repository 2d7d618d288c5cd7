import { AsyncLocalStorage } from "node:async_hooks";

// The Idempotency-Key reservation a request runs under (lib/api/idempotency.ts
// sets it; docs/api-notes/idempotency.md), reachable from the statement that
// creates a document without threading it through every domain call: the
// document's insert also records it in the reservation (same statement), and
// a retry of a run that created documents finds them here instead of creating
// them again. Lives in lib/db because the record is written beside any room's rows.

export type IdempotentRun = {
  /** IdempotencyRecord.id */
  recordId: string;
  /** IdempotencyRecord.runId this run holds; a takeover by a retry changes it, and this run's writes are then refused. */
  runId: string;
  /** Documents created by earlier runs of the key, by item index ("0" for a single create). */
  created: Readonly<Record<string, string>>;
  /** Whether this run answered from an earlier run's document (the answer is then marked replayed). */
  reused: boolean;
  /** Set by answerInvitesRetry. */
  answerNotKept?: boolean;
};

const current = new AsyncLocalStorage<IdempotentRun>();
const item = new AsyncLocalStorage<string>();

export function runUnderReservation<T>(run: IdempotentRun, work: () => Promise<T>): Promise<T> {
  return current.run(run, work);
}

/** Inside a batch: the item being created, so each item's document is recorded under its index. */
export function asIdempotentItem<T>(index: number, work: () => Promise<T>): Promise<T> {
  return item.run(String(index), work);
}

/** The reservation and item index a creation records itself under; null without an Idempotency-Key. */
export function idempotentCreation(): { run: IdempotentRun; index: string } | null {
  const run = current.getStore();
  return run ? { run, index: item.getStore() ?? "0" } : null;
}

/** The document an earlier run of this key created for the current item, if any (marks the answer replayed). */
export function documentCreatedEarlier(): string | null {
  const creation = idempotentCreation();
  const id = creation?.run.created[creation.index] ?? null;
  if (id && creation) creation.run.reused = true;
  return id;
}

/**
 * The answer being built invites a retry (a batch item refused with 429 or 5xx): it is not kept
 * for the key, so a retry runs again, creating only what no earlier run of the key created.
 */
export function answerInvitesRetry(): void {
  const run = current.getStore();
  if (run) run.answerNotKept = true;
}
