import { handleSession } from "@/lib/api/handle-session";
import { dashboardWebhookHealthContract } from "@/lib/webhooks/dashboard-contracts";
import { getWebhookHealth } from "@/lib/webhooks/webhook-health";

export const GET = handleSession(dashboardWebhookHealthContract, ({ companyId }) => getWebhookHealth({ companyId }));
