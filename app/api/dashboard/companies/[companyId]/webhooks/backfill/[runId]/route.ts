import { handleSession } from "@/lib/api/handle-session";
import { getWebhookBackfill } from "@/lib/webhooks";
import { dashboardGetBackfillContract } from "@/lib/webhooks/dashboard-contracts";

export const GET = handleSession(dashboardGetBackfillContract, ({ companyId, params }) => getWebhookBackfill({ companyId, runId: params.runId }));
