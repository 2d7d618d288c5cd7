import { handleSession } from "@/lib/api/handle-session";
import { listDocumentDeliveries } from "@/lib/webhooks";
import { dashboardDocumentDeliveriesContract } from "@/lib/webhooks/dashboard-contracts";

export const GET = handleSession(dashboardDocumentDeliveriesContract, async ({ companyId, params }) => ({ data: await listDocumentDeliveries({ companyId, documentId: params.documentId }) }));
