import { handle } from "@/lib/api/handle";
import { deleteWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from "@/lib/webhooks";
import { deleteWebhookEndpointContract, getWebhookEndpointContract, updateWebhookEndpointContract } from "@/lib/webhooks/contracts";

export const GET = handle(getWebhookEndpointContract, ({ companyId, params }) => getWebhookEndpoint({ companyId, endpointId: params.id }));
export const PATCH = handle(updateWebhookEndpointContract, ({ companyId, params, body }) => updateWebhookEndpoint({ companyId, endpointId: params.id, ...body }));
export const DELETE = handle(deleteWebhookEndpointContract, ({ companyId, params }) => deleteWebhookEndpoint({ companyId, endpointId: params.id }));
