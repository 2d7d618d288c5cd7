import { handleSession } from "@/lib/api/handle-session";
import { dashboardSubstituteContract } from "@/lib/document-events/dashboard-contracts";
import { substituteDocument } from "@/lib/document-events/substitute-abrasf-nfse";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const POST = handleSession(dashboardSubstituteContract, ({ companyId, params, body }) => substituteDocument({ companyId, documentId: params.documentId, body }), {
  roles: WRITER_ROLES,
});
