import { handleSession } from "@/lib/api/handle-session";
import { dashboardEmitDocumentContract } from "@/lib/emission/dashboard-contracts";
import { emitDocument } from "@/lib/emission/emit-document";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const POST = handleSession(
  dashboardEmitDocumentContract,
  ({ companyId, params, body }) => emitDocument({ companyId, documentId: params.documentId, issueDateTime: body?.issueDateTime }),
  { roles: WRITER_ROLES },
);
