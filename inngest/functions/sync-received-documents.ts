import { inngest } from "@/lib/jobs/inngest-client";
import { RECEIVED_SYNC_EVENT, RECEIVED_SYNC_FUNCTION_ID, ReceivedSyncEventData } from "@/lib/received/events";
import { runReceivedSync } from "@/lib/received/run-sync";

/**
 * One company's distribution run (NFeDistribuicaoDFe by distNSU, then the
 * automatic ciência of the new NF-e), queued by lib/received/schedule.ts when
 * the company's cursor allows the next call. One step: each page commits its
 * items with the cursor, so a retry continues from the last committed page;
 * the run never calls inside the hour's wait (the sync itself answers
 * "waiting" without a call).
 */
export const syncReceivedDocumentsFunction = inngest.createFunction(
  {
    id: RECEIVED_SYNC_FUNCTION_ID,
    name: "Fetch the NF-e issued to the company (DF-e distribution)",
    triggers: [{ event: RECEIVED_SYNC_EVENT }],
    concurrency: [{ key: "event.data.companyId", limit: 1 }],
    retries: 2,
  },
  async ({ event, step }) => {
    const run = ReceivedSyncEventData.parse(event.data);
    const outcome = await step.run("sync", () => runReceivedSync(run.companyId));
    return { status: outcome.status };
  },
);
