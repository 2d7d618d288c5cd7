import { inngest } from "@/lib/jobs/inngest-client";
import { backfillNextBatch, finishBackfill } from "@/lib/webhooks";
import { BACKFILL_WEBHOOKS_EVENT, BACKFILL_WEBHOOKS_FUNCTION_ID, BackfillWebhooksEventData } from "@/lib/webhooks/events";

/**
 * A backfill (POST /v1/webhooks/backfill): dispatches the current state's
 * event of each matched document, a batch per step. Each batch commits its
 * events, deliveries and the run's cursor together, so a replay continues
 * where the last commit left off and never dispatches a document twice.
 */
export const backfillWebhooksFunction = inngest.createFunction(
  {
    id: BACKFILL_WEBHOOKS_FUNCTION_ID,
    name: "Backfill webhook deliveries",
    triggers: [{ event: BACKFILL_WEBHOOKS_EVENT }],
    concurrency: [{ key: "event.data.companyId", limit: 1 }],
    retries: 4,
    onFailure: async ({ event, error, step }) => {
      const run = BackfillWebhooksEventData.parse(event.data.event.data);
      await step.run("mark-failed", () => finishBackfill(run, error.message));
    },
  },
  async ({ event, step }) => {
    const run = BackfillWebhooksEventData.parse(event.data);
    // At most 5,000 documents in batches of 250: 20 steps.
    for (let batch = 1; batch <= 40; batch++) {
      const progress = await step.run(`batch-${batch}`, () => backfillNextBatch(run));
      if (progress.done) break;
    }
    return step.run("finish", () => finishBackfill(run, null));
  },
);
