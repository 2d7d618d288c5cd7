import { z } from "zod";

// The background run that watches an automatic contingency and leaves it when the
// authorizer's status service answers 107 (inngest/functions/watch-contingency.ts).
// Its rows are queued by enterContingency inside the entry's transaction, due one
// check interval later, so the relay (Inngest driver) must list this function id.
export const WATCH_CONTINGENCY_FUNCTION_ID = "contingency-watch";
export const WATCH_CONTINGENCY_EVENT = "contingency/watch";
/** Checks per run (one a minute by default): a longer outage continues in a fresh run, keeping each run's step memo small. */
export const WATCH_CHECKS_PER_RUN = 60;

export const WatchContingencyEventData = z.object({
  companyId: z.string().min(1),
  model: z.union([z.literal(55), z.literal(65)]),
  contingencyId: z.string().min(1),
  concurrencyKey: z.string().min(1),
  runId: z.string().min(1),
});

/** One watch at a time per company and model. */
export function watchConcurrencyKey(companyId: string, model: 55 | 65): string {
  return `contingency:${companyId}:${model}`;
}
export type WatchContingencyEventData = z.infer<typeof WatchContingencyEventData>;
