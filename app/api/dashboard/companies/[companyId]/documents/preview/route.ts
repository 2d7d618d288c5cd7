import { handleSession } from "@/lib/api/handle-session";
import { dashboardPreviewDocumentContract } from "@/lib/documents/dashboard-contracts";
import { previewDocument } from "@/lib/documents/preview-document";

// POST: computing a preview changes nothing (the inline client's transaction is rolled back).
export const POST = handleSession(dashboardPreviewDocumentContract, ({ companyId, body }) => previewDocument({ companyId, body }));
