import { handle } from "@/lib/api/handle";
import { getWebhookBackfill } from "@/lib/webhooks";
import { getBackfillContract } from "@/lib/webhooks/contracts";

export const GET = handle(getBackfillContract, async ({ companyId, params }) => {
  const { actor: _actor, ...progress } = await getWebhookBackfill({ companyId, runId: params.runId });
  return progress;
});
