import { handle } from "@/lib/api/handle";
import { jsonResponse } from "@/lib/api/error-response";
import { startWebhookBackfill } from "@/lib/webhooks";
import { startBackfillContract } from "@/lib/webhooks/contracts";

// A dry run answers 200; a started run 202 (api.md, Webhook endpoints).
export const POST = handle(startBackfillContract, async ({ companyId, principal, body }) => {
  const result = await startWebhookBackfill({ companyId, actor: { kind: "apiKey", id: principal.apiKeyId }, ...body });
  return "dryRun" in result ? jsonResponse(result, 200) : result;
});
