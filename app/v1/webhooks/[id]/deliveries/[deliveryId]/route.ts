import { handle } from "@/lib/api/handle";
import { getWebhookDelivery } from "@/lib/webhooks";
import { getWebhookDeliveryContract } from "@/lib/webhooks/contracts";

export const GET = handle(getWebhookDeliveryContract, ({ companyId, params }) => getWebhookDelivery({ companyId, endpointId: params.id, deliveryId: params.deliveryId }));
