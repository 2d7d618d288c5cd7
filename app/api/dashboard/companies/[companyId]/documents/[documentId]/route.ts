import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { dashboardDeleteDocumentContract, dashboardUpdateDocumentContract } from "@/lib/documents/dashboard-contracts";
import { deleteDraftDocument } from "@/lib/documents/delete-draft";
import { updateDocument } from "@/lib/documents/update-document";

export const DELETE = handleSession(dashboardDeleteDocumentContract, ({ companyId, params }) => deleteDraftDocument({ companyId, documentId: params.documentId }), { roles: WRITER_ROLES });
export const PATCH = handleSession(dashboardUpdateDocumentContract, ({ companyId, params, body }) => updateDocument({ companyId, documentId: params.documentId, body }), { roles: WRITER_ROLES });
