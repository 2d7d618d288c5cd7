import { handleSession } from "@/lib/api/handle-session";
import { WEBHOOK_ADMIN_ROLES } from "@/lib/auth/roles";
import { createWebhookEndpoint } from "@/lib/webhooks";
import { dashboardCreateEndpointContract, dashboardListEndpointsContract } from "@/lib/webhooks/dashboard-contracts";
import { listEndpointsWithLastDelivery } from "@/lib/webhooks/support-operations";

export const GET = handleSession(dashboardListEndpointsContract, ({ companyId, query }) => listEndpointsWithLastDelivery({ companyId, ...query }));
export const POST = handleSession(dashboardCreateEndpointContract, ({ companyId, body }) => createWebhookEndpoint({ companyId, ...body }), { roles: WEBHOOK_ADMIN_ROLES });
