import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { closeTransportManifest } from "@/lib/mdfe";
import { dashboardCloseTransportManifestContract } from "@/lib/mdfe/dashboard-contracts";

export const POST = handleSession(dashboardCloseTransportManifestContract, ({ companyId, params, body }) => closeTransportManifest({ companyId, manifestId: params.id, body: body ?? {} }), {
  roles: WRITER_ROLES,
});
