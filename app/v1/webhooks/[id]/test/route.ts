import { handle } from "@/lib/api/handle";
import { sendTestWebhook } from "@/lib/webhooks";
import { testWebhookEndpointContract } from "@/lib/webhooks/contracts";

export const POST = handle(testWebhookEndpointContract, ({ companyId, params }) => sendTestWebhook({ companyId, endpointId: params.id }));
