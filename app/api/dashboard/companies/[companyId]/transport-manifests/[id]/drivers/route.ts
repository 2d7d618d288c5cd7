import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { addTransportManifestDriver } from "@/lib/mdfe";
import { dashboardAddTransportManifestDriverContract } from "@/lib/mdfe/dashboard-contracts";

export const POST = handleSession(dashboardAddTransportManifestDriverContract, ({ companyId, params, body }) => addTransportManifestDriver({ companyId, manifestId: params.id, body }), {
  roles: WRITER_ROLES,
});
