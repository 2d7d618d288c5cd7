import { inngest } from "@/lib/jobs/inngest-client";
import { env } from "@/lib/config/env";
import { checkContingencyReturn, continueWatch } from "@/lib/contingency/watch-contingency";
import { WATCH_CHECKS_PER_RUN, WATCH_CONTINGENCY_EVENT, WATCH_CONTINGENCY_FUNCTION_ID, WatchContingencyEventData } from "@/lib/contingency/events";

/**
 * Watches an automatic contingency (queued by lib/contingency/enter-contingency.ts,
 * due one check interval after the entry): asks the authorizer's status service
 * every CONTINGENCY_STATUS_CHECK_SECONDS and leaves the contingency on 107. Each
 * look is one call into lib/contingency; a contingency already ended makes it a no-op.
 */
export const watchContingencyFunction = inngest.createFunction(
  {
    id: WATCH_CONTINGENCY_FUNCTION_ID,
    name: "Watch a contingency until the authorizer is back",
    triggers: [{ event: WATCH_CONTINGENCY_EVENT }],
    concurrency: [{ key: "event.data.concurrencyKey", limit: 1 }],
    retries: 4,
  },
  async ({ event, step }) => {
    const { companyId, model, contingencyId } = WatchContingencyEventData.parse(event.data);
    const target = { companyId, model, contingencyId };
    const interval = `${env().CONTINGENCY_STATUS_CHECK_SECONDS}s`;
    for (let look = 1; look <= WATCH_CHECKS_PER_RUN; look++) {
      const check = await step.run(`check-${look}`, () => checkContingencyReturn(target));
      if (check.done) return check;
      if (look < WATCH_CHECKS_PER_RUN) await step.sleep(`wait-${look}`, interval);
    }
    await step.run("continue", () => continueWatch(target));
    return { done: false, cStat: null };
  },
);
