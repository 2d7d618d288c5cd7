import { handleSession } from "@/lib/api/handle-session";
import { getTransportManifest } from "@/lib/mdfe";
import { dashboardGetTransportManifestContract } from "@/lib/mdfe/dashboard-contracts";

export const GET = handleSession(dashboardGetTransportManifestContract, ({ companyId, params }) => getTransportManifest(companyId, params.id));
