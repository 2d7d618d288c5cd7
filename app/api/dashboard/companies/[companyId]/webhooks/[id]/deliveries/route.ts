import { handleSession } from "@/lib/api/handle-session";
import { listEndpointDeliveries } from "@/lib/webhooks";
import { dashboardEndpointDeliveriesContract } from "@/lib/webhooks/dashboard-contracts";

export const GET = handleSession(dashboardEndpointDeliveriesContract, ({ companyId, params, query }) => listEndpointDeliveries({ companyId, endpointId: params.id, ...query }));
