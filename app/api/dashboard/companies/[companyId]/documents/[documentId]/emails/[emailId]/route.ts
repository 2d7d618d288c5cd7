import { handleSession } from "@/lib/api/handle-session";
import { dashboardDocumentEmailPreviewContract } from "@/lib/email/dashboard-contracts";
import { getDocumentEmailPreview } from "@/lib/email/document-emails";

export const GET = handleSession(dashboardDocumentEmailPreviewContract, ({ companyId, params }) => getDocumentEmailPreview({ companyId, documentId: params.documentId, emailId: params.emailId }));
