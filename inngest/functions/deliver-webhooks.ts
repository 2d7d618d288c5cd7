import { inngest } from "@/inngest/client";
import { deliverDueForEndpoint, scheduleNextRun } from "@/lib/webhooks";
import { DELIVER_WEBHOOKS_EVENT, DELIVER_WEBHOOKS_FUNCTION_ID, DeliverWebhooksEventData } from "@/lib/webhooks/events";

/**
 * Sends one endpoint's due webhook deliveries (lib/webhooks/deliver-due.ts),
 * one run at a time per endpoint, so a slow or dead receiver holds up only
 * its own deliveries. The WebhookDelivery rows are the source of truth: a
 * replayed or retried run just claims whatever is due.
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
    onFailure: async ({ event, step }) => {
      const run = DeliverWebhooksEventData.parse(event.data.event.data);
      await step.run("reschedule", () => scheduleNextRun(run));
    },
  },
  async ({ event, step }) => {
    const run = DeliverWebhooksEventData.parse(event.data);
    return step.run("deliver-due", () => deliverDueForEndpoint(run));
  },
);
