import { inngest } from "@/lib/jobs/inngest-client";
import { rescheduleAfterFailedRun, runDeliveryRun } from "@/lib/webhooks";
import { DELIVER_WEBHOOKS_EVENT, DELIVER_WEBHOOKS_FUNCTION_ID, DeliverWebhooksEventData } from "@/lib/webhooks/events";

/**
 * Sends one endpoint's due webhook deliveries (lib/webhooks/deliver-due.ts),
 * one run at a time per endpoint, so a slow or dead receiver holds up only
 * its own deliveries. The WebhookDelivery rows are the source of truth: a
 * replayed or retried run just claims whatever is due. The trigger queues
 * these runs as rows; with the Inngest driver a relay sends their events.
 */
export const deliverWebhooksFunction = inngest.createFunction(
  {
    id: DELIVER_WEBHOOKS_FUNCTION_ID,
    name: "Deliver webhooks of an endpoint",
    triggers: [{ event: DELIVER_WEBHOOKS_EVENT }],
    concurrency: [{ key: "event.data.endpointId", limit: 1 }],
    retries: 4,
    // A run that failed for good (database unreachable, a bug) must not strand its endpoint's
    // PENDING deliveries: the next run is queued for the earliest of them.
    onFailure: async ({ event, error, step }) => {
      const run = DeliverWebhooksEventData.parse(event.data.event.data);
      await step.run("reschedule", () => rescheduleAfterFailedRun(run, error.message));
    },
  },
  async ({ event, step }) => {
    const run = DeliverWebhooksEventData.parse(event.data);
    return step.run("deliver-due", () => runDeliveryRun(run));
  },
);
