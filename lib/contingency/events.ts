import { z } from "zod";

// The run that transmits a company's offline NFC-e and resolves the numbers of
// replaced attempts once the authorizer answers (lib/emission/contingency/transmit-contingency.ts).
export const TRANSMIT_CONTINGENCY_EVENT = "fiscal/contingency.transmit.requested";
export const TRANSMIT_CONTINGENCY_FUNCTION_ID = "transmit-contingency";

export const TransmitContingencyEventData = z.object({
  companyId: z.string().min(1),
  model: z.union([z.literal(55), z.literal(58), z.literal(65)]),
  environment: z.enum(["PRODUCTION", "HOMOLOGATION"]),
  runId: z.string().min(1),
  // company + model + environment: the Inngest concurrency key (transmissionConcurrencyKey).
  concurrencyKey: z.string().min(1),
});
export type TransmitContingencyEventData = z.infer<typeof TransmitContingencyEventData>;

/** One transmission run at a time per company + model + environment (numbers reach the authority in order). */
export function transmissionConcurrencyKey(input: { companyId: string; model: number; environment: string }): string {
  return `contingency:${input.companyId}:${input.model}:${input.environment}`;
}

/** Waits between rounds while the contingency is active or the authorizer does not answer; then one more run is asked for. */
export const TRANSMISSION_ROUND_DELAYS = ["15s", "30s", "1m", "1m", "2m", "2m", "5m", "5m", "5m", "5m", "10m", "10m", "10m", "10m", "10m", "10m"] as const;

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
