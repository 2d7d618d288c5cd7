import { handleSession } from "@/lib/api/handle-session";
import { dashboardDocumentXmlContract } from "@/lib/downloads/dashboard-contracts";
import { fileResponse, getDocumentXml } from "@/lib/downloads/get-document-xml";

export const GET = handleSession(dashboardDocumentXmlContract, async ({ companyId, params, query }) => fileResponse(await getDocumentXml(companyId, params.documentId, query)));
