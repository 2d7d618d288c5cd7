import { handleSession } from "@/lib/api/handle-session";
import { DOCUMENT_EVENT_ROLES, dashboardCorrectionLetterContract } from "@/lib/document-events/dashboard-contracts";
import { issueCorrectionLetter } from "@/lib/document-events/issue-correction-letter";

export const POST = handleSession(
  dashboardCorrectionLetterContract,
  ({ companyId, params, body }) => issueCorrectionLetter({ companyId, documentId: params.documentId, body }),
  { roles: DOCUMENT_EVENT_ROLES },
);
