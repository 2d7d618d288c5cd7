import { handleSession } from "@/lib/api/handle-session";
import { WEBHOOK_OPERATOR_ROLES } from "@/lib/auth/roles";
import { sendTestWebhook } from "@/lib/webhooks";
import { dashboardTestEndpointContract } from "@/lib/webhooks/dashboard-contracts";

export const POST = handleSession(dashboardTestEndpointContract, ({ companyId, params }) => sendTestWebhook({ companyId, endpointId: params.id }), { roles: WEBHOOK_OPERATOR_ROLES });
