import { z } from "zod";
import { declareRunKind } from "@/lib/jobs/run-kinds";

// Background runs of webhooks (inngest/functions). The delivery run's row is
// also queued by the database (webhook_ensure_delivery_run, migration
// 20261123101001_webhooks) with these names: keep them in step.
export const DELIVER_WEBHOOKS_FUNCTION_ID = "webhook-deliver";
export const DELIVER_WEBHOOKS_EVENT = "webhook/deliveries.due";
export const BACKFILL_WEBHOOKS_FUNCTION_ID = "webhook-backfill";
export const BACKFILL_WEBHOOKS_EVENT = "webhook/backfill.requested";

// Delivery runs (lib/jobs/run-kinds.ts): a busy endpoint gets one every few seconds, and each
// synchronous commit of their bookkeeping was a WAL flush; deliveries are at least once, so a run
// a database crash rolls back simply goes again. Their QUEUED runs have an index of their own
// ("BackgroundRun_queued_delivery_run_idx", migration 20261125070000_webhook_run_cadence).
declareRunKind(DELIVER_WEBHOOKS_FUNCTION_ID, { asyncCommit: true, ownQueueIndex: true });

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
