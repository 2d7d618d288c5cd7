import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { dashboardDeleteDocumentContract } from "@/lib/documents/dashboard-contracts";
import { deleteDraftDocument } from "@/lib/documents/delete-draft";

export const DELETE = handleSession(dashboardDeleteDocumentContract, ({ companyId, params }) => deleteDraftDocument({ companyId, documentId: params.documentId }), { roles: WRITER_ROLES });
