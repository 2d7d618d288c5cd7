import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { dashboardPreviewDocumentContract } from "@/lib/documents/dashboard-contracts";
import { previewDocument } from "@/lib/documents/preview-document";

// POST: computing a preview changes nothing (the inline client's transaction is rolled back).
// It serves the new-document form, which only the roles that create documents get.
export const POST = handleSession(dashboardPreviewDocumentContract, ({ companyId, body }) => previewDocument({ companyId, body }), { roles: WRITER_ROLES });
