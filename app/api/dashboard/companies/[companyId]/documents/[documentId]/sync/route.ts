import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { dashboardSyncDocumentContract } from "@/lib/document-events/sync-contracts";
import { syncDocument } from "@/lib/document-events/sync-document";

export const POST = handleSession(dashboardSyncDocumentContract, ({ companyId, params }) => syncDocument({ companyId, documentId: params.documentId }), {
  roles: WRITER_ROLES,
});
