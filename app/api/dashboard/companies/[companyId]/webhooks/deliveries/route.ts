import { handleSession } from "@/lib/api/handle-session";
import { searchWebhookDeliveries } from "@/lib/webhooks";
import { dashboardSearchDeliveriesContract } from "@/lib/webhooks/dashboard-contracts";

export const GET = handleSession(dashboardSearchDeliveriesContract, ({ companyId, query }) => searchWebhookDeliveries({ companyId, ...query }));
