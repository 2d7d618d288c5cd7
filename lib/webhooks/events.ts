import { z } from "zod";

// Background runs of webhooks (inngest/functions). The delivery run's row is
// also queued by the database (webhook_ensure_delivery_run, migration
// 20261123101001_webhooks) with these names: keep them in step.
export const DELIVER_WEBHOOKS_FUNCTION_ID = "webhook-deliver";
export const DELIVER_WEBHOOKS_EVENT = "webhook/deliveries.due";
export const BACKFILL_WEBHOOKS_FUNCTION_ID = "webhook-backfill";
export const BACKFILL_WEBHOOKS_EVENT = "webhook/backfill.requested";

export const DeliverWebhooksEventData = z.object({
  endpointId: z.string().min(1),
  companyId: z.string().min(1),
  runId: z.string().min(1),
});

export const BackfillWebhooksEventData = z.object({
  companyId: z.string().min(1),
  backfillId: z.string().min(1),
  runId: z.string().min(1),
});
