import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { cancelTransportManifest } from "@/lib/mdfe";
import { dashboardCancelTransportManifestContract } from "@/lib/mdfe/dashboard-contracts";

export const POST = handleSession(dashboardCancelTransportManifestContract, ({ companyId, params, body }) => cancelTransportManifest({ companyId, manifestId: params.id, body }), {
  roles: WRITER_ROLES,
});
