import { AsyncLocalStorage } from "node:async_hooks";

/**
 * A step's last write to the tables of its domain (e.g. an emission's settlement), handed to the
 * local driver so that it commits in the statement that records the step's result: one round trip
 * and one commit fewer per step, and the write and the step's memo can never disagree (both or
 * neither). The run's update applies only when the write did; when it did not, nothing of the run
 * is recorded, its lease expires and the step is replayed, which then finds the state as it is.
 * So only a write whose guard holds as long as the run is the document's (the step just checked
 * it under the same guard) may be handed over.
 */
export type StepWrite = {
  /** Data-modifying CTEs, `a AS (…), b AS (…)`, with parameters $1…$n of `values`; names other than "finished" and "heads". */
  ctes: string;
  values: unknown[];
  /** The CTE whose rows say the write applied. */
  applied: string;
};

type StepWriteSlot = { write: StepWrite | null };
const currentStep = new AsyncLocalStorage<StepWriteSlot>();

/** Runs a step's callback where deferStepWrite can hand its last write to the driver; returns it with the result. */
export async function collectStepWrite<T>(callback: () => Promise<T> | T): Promise<{ result: T; write: StepWrite | null }> {
  const slot: StepWriteSlot = { write: null };
  const result = await currentStep.run(slot, callback);
  return { result, write: slot.write };
}

/**
 * Hands the step's last write to the driver (true: it commits with the step's result), or false:
 * not in a step of the local driver (the Inngest driver, a call outside a step), make it now.
 * Nothing may be written after it in the same step.
 */
export function deferStepWrite(write: StepWrite): boolean {
  const slot = currentStep.getStore();
  if (!slot) return false;
  if (slot.write) throw new Error("A step hands the driver one write, its last");
  slot.write = write;
  return true;
}

/** The $n parameters of a statement's text moved up by `by` (to follow another statement's). */
export function shiftParameters(text: string, by: number): string {
  return by === 0 ? text : text.replace(/\$(\d+)/g, (_match, n: string) => `$${Number(n) + by}`);
}

/**
 * A run's update (an UPDATE of "BackgroundRun" ending in its WHERE clause, parameters first) as the
 * CTE "finished", after the step's write when there is one and applied only if that write applied.
 */
export function runUpdateCtes(update: string, values: unknown[], write: StepWrite | null): { ctes: string; values: unknown[] } {
  if (!write) return { ctes: `finished AS (${update} RETURNING "id")`, values };
  return {
    ctes: `${shiftParameters(write.ctes, values.length)}, finished AS (${update} AND EXISTS (SELECT 1 FROM ${write.applied}) RETURNING "id")`,
    values: [...values, ...write.values],
  };
}
