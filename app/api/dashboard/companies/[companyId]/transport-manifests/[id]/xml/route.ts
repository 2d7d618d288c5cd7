import { handleSession } from "@/lib/api/handle-session";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { getTransportManifestXml } from "@/lib/mdfe";
import { dashboardTransportManifestXmlContract } from "@/lib/mdfe/dashboard-contracts";

export const GET = handleSession(dashboardTransportManifestXmlContract, async ({ companyId, params }) => fileResponse(await getTransportManifestXml(companyId, params.id)));
