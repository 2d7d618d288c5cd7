import { z } from "zod";

// The run that transmits a company's offline NFC-e and resolves the numbers of
// replaced attempts once the authorizer answers (lib/contingency/transmit-contingency.ts).
export const TRANSMIT_CONTINGENCY_EVENT = "fiscal/contingency.transmit.requested";
export const TRANSMIT_CONTINGENCY_FUNCTION_ID = "transmit-contingency";

export const TransmitContingencyEventData = z.object({
  companyId: z.string().min(1),
  model: z.union([z.literal(55), z.literal(65)]),
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
