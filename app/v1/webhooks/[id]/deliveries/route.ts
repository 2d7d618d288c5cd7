import { handle } from "@/lib/api/handle";
import { listEndpointDeliveries } from "@/lib/webhooks";
import { listWebhookDeliveriesContract } from "@/lib/webhooks/contracts";

export const GET = handle(listWebhookDeliveriesContract, ({ companyId, params, query }) => listEndpointDeliveries({ companyId, endpointId: params.id, ...query }));
