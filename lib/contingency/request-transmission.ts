import { db } from "@/lib/db/client";
import { enqueueRun } from "@/lib/jobs/enqueue-run";
import { TRANSMIT_CONTINGENCY_EVENT, TRANSMIT_CONTINGENCY_FUNCTION_ID, transmissionConcurrencyKey } from "./events";

/**
 * Asks for the company's transmission run for a model (offline NFC-e to send,
 * replaced attempts to resolve), unless one is already queued: a queued run
 * looks at everything pending when it runs. A run already RUNNING may have
 * passed the new document, so only queued runs count. Also called by the
 * return to normal (docs/api-notes/contingency.md) so nothing waits for a timer.
 */
export async function requestContingencyTransmission(input: { companyId: string; model: 55 | 65; environment: "PRODUCTION" | "HOMOLOGATION" }): Promise<void> {
  const concurrencyKey = transmissionConcurrencyKey(input);
  const queued = await db.backgroundRun.findFirst({ where: { functionId: TRANSMIT_CONTINGENCY_FUNCTION_ID, concurrencyKey, status: "QUEUED" }, select: { id: true } });
  if (queued) return;
  await enqueueRun({
    functionId: TRANSMIT_CONTINGENCY_FUNCTION_ID,
    eventName: TRANSMIT_CONTINGENCY_EVENT,
    data: { companyId: input.companyId, model: input.model, environment: input.environment, concurrencyKey },
    concurrencyKey,
    companyId: input.companyId,
  });
}
