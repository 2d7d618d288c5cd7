import { handle } from "@/lib/api/handle";
import { redeliverWebhookDelivery } from "@/lib/webhooks";
import { redeliverWebhookContract } from "@/lib/webhooks/contracts";

export const POST = handle(redeliverWebhookContract, ({ companyId, params }) => redeliverWebhookDelivery({ companyId, endpointId: params.id, deliveryId: params.deliveryId }));
