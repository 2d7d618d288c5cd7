import { handleSession } from "@/lib/api/handle-session";
import { WEBHOOK_OPERATOR_ROLES } from "@/lib/auth/roles";
import { redeliverWebhookDelivery } from "@/lib/webhooks";
import { dashboardRedeliverContract } from "@/lib/webhooks/dashboard-contracts";

export const POST = handleSession(
  dashboardRedeliverContract,
  ({ companyId, params }) => redeliverWebhookDelivery({ companyId, endpointId: params.id, deliveryId: params.deliveryId }),
  { roles: WEBHOOK_OPERATOR_ROLES },
);
