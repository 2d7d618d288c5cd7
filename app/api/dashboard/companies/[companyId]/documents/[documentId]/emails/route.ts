import { handleSession } from "@/lib/api/handle-session";
import { dashboardListDocumentEmailsContract } from "@/lib/email/dashboard-contracts";
import { listDocumentEmails } from "@/lib/email/document-emails";

export const GET = handleSession(dashboardListDocumentEmailsContract, ({ companyId, params }) => listDocumentEmails({ companyId, documentId: params.documentId }));
