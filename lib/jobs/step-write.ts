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

/**
 * Hands the running step's last write to the driver (true: it commits with the step's result), or
 * false: make it now. Nothing may be written after it in the same step. The local driver gives its
 * functions one in their context (stepWriteDeferral); Inngest's does not, and steps write at once.
 */
export type DeferStepWrite = (write: StepWrite) => boolean;

/** The function context's DeferStepWrite (the local driver's), if any. */
export function stepWriteDeferral(ctx: object): DeferStepWrite | undefined {
  return "deferStepWrite" in ctx && typeof ctx.deferStepWrite === "function" ? (ctx.deferStepWrite as DeferStepWrite) : undefined;
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
