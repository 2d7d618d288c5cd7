import { handleSession } from "@/lib/api/handle-session";
import { dashboardCorrectionLetterContract } from "@/lib/document-events/dashboard-contracts";
import { issueCorrectionLetter } from "@/lib/document-events/issue-correction-letter";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const POST = handleSession(
  dashboardCorrectionLetterContract,
  ({ companyId, params, body }) => issueCorrectionLetter({ companyId, documentId: params.documentId, body }),
  { roles: WRITER_ROLES },
);
