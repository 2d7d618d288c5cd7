import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { addTransportManifestDocuments } from "@/lib/mdfe";
import { dashboardAddTransportManifestDocumentsContract } from "@/lib/mdfe/dashboard-contracts";

export const POST = handleSession(dashboardAddTransportManifestDocumentsContract, ({ companyId, params, body }) => addTransportManifestDocuments({ companyId, manifestId: params.id, body }), {
  roles: WRITER_ROLES,
});
