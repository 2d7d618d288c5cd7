import { handle } from "@/lib/api/handle";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/webhooks";
import { createWebhookEndpointContract, listWebhookEndpointsContract } from "@/lib/webhooks/contracts";

export const GET = handle(listWebhookEndpointsContract, ({ companyId, query }) => listWebhookEndpoints({ companyId, ...query }));
export const POST = handle(createWebhookEndpointContract, ({ companyId, body }) => createWebhookEndpoint({ companyId, ...body }));
