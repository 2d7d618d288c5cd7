import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { createTransportManifest, listTransportManifests } from "@/lib/mdfe";
import { dashboardCreateTransportManifestContract, dashboardListTransportManifestsContract } from "@/lib/mdfe/dashboard-contracts";

export const GET = handleSession(dashboardListTransportManifestsContract, ({ companyId, query }) => listTransportManifests(companyId, query));

export const POST = handleSession(dashboardCreateTransportManifestContract, ({ companyId, body }) => createTransportManifest({ companyId, body }), { roles: WRITER_ROLES });
