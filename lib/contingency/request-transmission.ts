import { db } from "@/lib/db/client";
import { enqueueRun } from "@/lib/jobs/enqueue-run";
import { wakeLocalWorker } from "@/lib/jobs/local-wakeup";
import { TRANSMIT_CONTINGENCY_EVENT, TRANSMIT_CONTINGENCY_FUNCTION_ID, transmissionConcurrencyKey } from "./events";

/**
 * Asks for the company's transmission run for a model (offline NFC-e to send,
 * replaced attempts to resolve), unless one is already queued: a queued run
 * looks at everything pending when it runs. A run already RUNNING may have
 * passed the new document, so only queued runs count. Also called by the
 * return to normal (docs/api-notes/contingency.md) so nothing waits for a timer:
 * with `now`, a queued run parked between rounds (its sleep of 15 s up to
 * 10 min, which leaves it QUEUED with a later runAt) is made due at once; its
 * memoized sleep then counts as waited. Without `now` (an NFC-e issued offline
 * while the contingency lasts) a parked run keeps its pace: waking it at every
 * issue would only spend its rounds while nothing can be sent.
 */
export async function requestContingencyTransmission(input: { companyId: string; model: 55 | 58 | 65; environment: "PRODUCTION" | "HOMOLOGATION"; now?: boolean }): Promise<void> {
  const concurrencyKey = transmissionConcurrencyKey(input);
  const queued = await db.backgroundRun.findFirst({ where: { functionId: TRANSMIT_CONTINGENCY_FUNCTION_ID, concurrencyKey, status: "QUEUED" }, select: { id: true } });
  if (queued) {
    if (input.now) {
      const now = new Date();
      const woken = await db.backgroundRun.updateMany({ where: { id: queued.id, status: "QUEUED", runAt: { gt: now } }, data: { runAt: now } });
      if (woken.count > 0) wakeLocalWorker();
    }
    return;
  }
  await enqueueRun({
    functionId: TRANSMIT_CONTINGENCY_FUNCTION_ID,
    eventName: TRANSMIT_CONTINGENCY_EVENT,
    data: { companyId: input.companyId, model: input.model, environment: input.environment, concurrencyKey },
    concurrencyKey,
    companyId: input.companyId,
  });
}
