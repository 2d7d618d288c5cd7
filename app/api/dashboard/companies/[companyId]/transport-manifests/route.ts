import { handleSession } from "@/lib/api/handle-session";
import { listTransportManifests } from "@/lib/mdfe";
import { dashboardListTransportManifestsContract } from "@/lib/mdfe/dashboard-contracts";

export const GET = handleSession(dashboardListTransportManifestsContract, ({ companyId, query }) => listTransportManifests(companyId, query));
