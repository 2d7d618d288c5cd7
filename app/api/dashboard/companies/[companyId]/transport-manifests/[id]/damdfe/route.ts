import { handleSession } from "@/lib/api/handle-session";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { renderTransportManifestDamdfe } from "@/lib/mdfe";
import { dashboardTransportManifestDamdfeContract } from "@/lib/mdfe/dashboard-contracts";

export const GET = handleSession(dashboardTransportManifestDamdfeContract, async ({ companyId, params, query }) => fileResponse(await renderTransportManifestDamdfe(companyId, params.id, query)));
