import { handleSession } from "@/lib/api/handle-session";
import { cancelDocument } from "@/lib/document-events/cancel-document";
import { DOCUMENT_EVENT_ROLES, dashboardCancelContract } from "@/lib/document-events/dashboard-contracts";

export const POST = handleSession(dashboardCancelContract, ({ companyId, params, body }) => cancelDocument({ companyId, documentId: params.documentId, body }), {
  roles: DOCUMENT_EVENT_ROLES,
});
