import { handleSession } from "@/lib/api/handle-session";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { getTransportManifestEventXml } from "@/lib/mdfe";
import { dashboardTransportManifestEventXmlContract } from "@/lib/mdfe/dashboard-contracts";

export const GET = handleSession(dashboardTransportManifestEventXmlContract, async ({ companyId, params, query }) => fileResponse(await getTransportManifestEventXml(companyId, params.id, params.eventId, query)));
