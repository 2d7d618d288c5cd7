import { z } from "zod";
import { env } from "@/lib/config/env";

// The background run that finishes a synchronous event whose caller never
// recorded the answer (inngest/functions/reconcile-document-event.ts).
export const RECONCILE_EVENT_INTENT_EVENT = "fiscal/document-event.intent.recorded";
export const RECONCILE_EVENT_INTENT_FUNCTION_ID = "reconcile-document-event";

export const ReconcileEventIntentData = z.object({
  companyId: z.string().min(1),
  documentId: z.string().min(1),
  intentId: z.string().min(1),
  runId: z.string().min(1),
  /** When the call is surely over (answered, timed out, or its process gone): the run's first look. */
  dueAt: z.string().min(1),
});
export type ReconcileEventIntentData = z.infer<typeof ReconcileEventIntentData>;

/** Margin after the call's timeout before the reconciler looks (the recording transaction's time). */
export const RECONCILE_MARGIN_MS = 5_000;
/** Later looks when the call was still in progress or the authority unreachable. */
export const RECONCILE_RETRY_DELAYS = ["1m", "5m", "15m", "1h", "4h"] as const;

/** The second look at an intent found NOT_REGISTERED (an authority that registered it late). */
export const RECONCILE_CONFIRM_DELAY = "10m";

export function reconcileDueAt(now: Date): Date {
  return new Date(now.getTime() + env().AUTHORITY_TIMEOUT_MS + RECONCILE_MARGIN_MS);
}
