import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { dashboardResendDocumentEmailContract } from "@/lib/email/dashboard-contracts";
import { resendDocumentEmail } from "@/lib/email/document-emails";

export const POST = handleSession(dashboardResendDocumentEmailContract, ({ companyId, params, body }) => resendDocumentEmail({ companyId, documentId: params.documentId, body: body ?? {} }), { roles: WRITER_ROLES });
