import { handleSession } from "@/lib/api/handle-session";
import { cancelDocument } from "@/lib/document-events/cancel-document";
import { dashboardCancelContract } from "@/lib/document-events/dashboard-contracts";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const POST = handleSession(dashboardCancelContract, ({ companyId, params, body }) => cancelDocument({ companyId, documentId: params.documentId, body }), {
  roles: WRITER_ROLES,
});
