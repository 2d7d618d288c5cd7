import { handleSession } from "@/lib/api/handle-session";
import { jsonResponse } from "@/lib/api/error-response";
import { WEBHOOK_OPERATOR_ROLES } from "@/lib/auth/roles";
import { listWebhookBackfills } from "@/lib/webhooks";
import { dashboardListBackfillsContract, dashboardStartBackfillContract } from "@/lib/webhooks/dashboard-contracts";
import { startBackfillAsUser } from "@/lib/webhooks/support-operations";

export const GET = handleSession(dashboardListBackfillsContract, ({ companyId, query }) => listWebhookBackfills({ companyId, ...query }));

// A dry run answers 200; a started run 202, as /v1 does.
export const POST = handleSession(
  dashboardStartBackfillContract,
  async ({ companyId, session, body }) => {
    const result = await startBackfillAsUser({ companyId, userId: session.userId, ...body });
    return "dryRun" in result ? jsonResponse(result, 200) : result;
  },
  { roles: WEBHOOK_OPERATOR_ROLES },
);
