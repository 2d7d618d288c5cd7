import { handleSession } from "@/lib/api/handle-session";
import { getWebhookDelivery } from "@/lib/webhooks";
import { dashboardGetDeliveryContract } from "@/lib/webhooks/dashboard-contracts";

export const GET = handleSession(dashboardGetDeliveryContract, ({ companyId, params }) => getWebhookDelivery({ companyId, deliveryId: params.deliveryId, withHeaders: true }));
