import { handleSession } from "@/lib/api/handle-session";
import { WEBHOOK_ADMIN_ROLES } from "@/lib/auth/roles";
import { rotateWebhookSecret } from "@/lib/webhooks";
import { dashboardRotateSecretContract } from "@/lib/webhooks/dashboard-contracts";

export const POST = handleSession(dashboardRotateSecretContract, ({ companyId, params }) => rotateWebhookSecret({ companyId, endpointId: params.id }), { roles: WEBHOOK_ADMIN_ROLES });
