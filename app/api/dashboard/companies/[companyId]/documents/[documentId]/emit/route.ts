import { handleSession } from "@/lib/api/handle-session";
import { DOCUMENT_EMITTER_ROLES, dashboardEmitDocumentContract } from "@/lib/emission/dashboard-contracts";
import { emitDocument } from "@/lib/emission/emit-document";

export const POST = handleSession(
  dashboardEmitDocumentContract,
  ({ companyId, params, body }) => emitDocument({ companyId, documentId: params.documentId, issueDateTime: body?.issueDateTime }),
  { roles: DOCUMENT_EMITTER_ROLES },
);
