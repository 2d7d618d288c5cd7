import { inngest } from "@/lib/jobs/inngest-client";
import { RECONCILE_EVENT_INTENT_EVENT, RECONCILE_EVENT_INTENT_FUNCTION_ID, RECONCILE_CONFIRM_DELAY, RECONCILE_RETRY_DELAYS, ReconcileEventIntentData } from "@/lib/document-events/intent-events";
import { confirmNotRegistered, reconcileIntentInBackground } from "@/lib/document-events/reconcile-intents";

/**
 * Queued with every synchronous document event's intent (before the call), as
 * a row due after the call's timeout (the local worker claims it then; with
 * Inngest the relay of database-queued runs forwards it then): it looks whether the answer was recorded and, if
 * not (the web process died, the answer was lost), consults the access key
 * and records what the authority holds: document CANCELLED with its webhook,
 * the event, or the intent marked NOT_REGISTERED (looked at once more 10
 * minutes later: an authority slower than our timeout). A call in progress or
 * an authority out of reach: look again later. Each step is one call into
 * lib/document-events; a resolved intent makes it a no-op.
 */
export const reconcileDocumentEventFunction = inngest.createFunction(
  {
    id: RECONCILE_EVENT_INTENT_FUNCTION_ID,
    name: "Reconcile a document event's unrecorded call",
    triggers: [{ event: RECONCILE_EVENT_INTENT_EVENT }],
    retries: 4,
  },
  async ({ event, step }) => {
    const run = ReconcileEventIntentData.parse(event.data);
    let result = await step.run("reconcile", () => reconcileIntentInBackground(run));
    for (const [index, delay] of RECONCILE_RETRY_DELAYS.entries()) {
      if (result.status !== "busy" && result.status !== "unavailable") break;
      await step.sleep(`wait-${index + 1}`, delay);
      result = await step.run(`reconcile-${index + 1}`, () => reconcileIntentInBackground(run));
    }
    if (result.status !== "not_registered") return result;
    // An answer slower than our timeout may still register it: one later look.
    await step.sleep("wait-confirm", RECONCILE_CONFIRM_DELAY);
    return step.run("confirm-not-registered", () => confirmNotRegistered(run));
  },
);
