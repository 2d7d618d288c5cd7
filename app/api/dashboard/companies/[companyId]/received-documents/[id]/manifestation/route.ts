import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { dashboardManifestContract } from "@/lib/received/dashboard-contracts";
import { manifestAndDescribe } from "@/lib/received/sync-now";

// SUPPORT reads received documents; only ADMIN and ACCOUNTANT manifest.
export const POST = handleSession(dashboardManifestContract, ({ companyId, params, body }) => manifestAndDescribe(companyId, params.id, body), { roles: WRITER_ROLES });
