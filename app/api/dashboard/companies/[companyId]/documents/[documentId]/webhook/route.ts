import { handleSession } from "@/lib/api/handle-session";
import { WEBHOOK_OPERATOR_ROLES } from "@/lib/auth/roles";
import { redispatchDocumentWebhook } from "@/lib/webhooks";
import { dashboardRedispatchContract } from "@/lib/webhooks/dashboard-contracts";

export const POST = handleSession(dashboardRedispatchContract, ({ companyId, params }) => redispatchDocumentWebhook({ companyId, documentId: params.documentId }), { roles: WEBHOOK_OPERATOR_ROLES });
