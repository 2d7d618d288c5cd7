import { handleSession } from "@/lib/api/handle-session";
import { WEBHOOK_ADMIN_ROLES } from "@/lib/auth/roles";
import { deleteWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from "@/lib/webhooks";
import { dashboardDeleteEndpointContract, dashboardGetEndpointContract, dashboardUpdateEndpointContract } from "@/lib/webhooks/dashboard-contracts";

const admin = { roles: WEBHOOK_ADMIN_ROLES };

export const GET = handleSession(dashboardGetEndpointContract, ({ companyId, params }) => getWebhookEndpoint({ companyId, endpointId: params.id }));
export const PATCH = handleSession(dashboardUpdateEndpointContract, ({ companyId, params, body }) => updateWebhookEndpoint({ companyId, endpointId: params.id, ...body }), admin);
export const DELETE = handleSession(dashboardDeleteEndpointContract, ({ companyId, params }) => deleteWebhookEndpoint({ companyId, endpointId: params.id }), admin);
