import { handleSession } from "@/lib/api/handle-session";
import { dashboardDocumentEventXmlContract } from "@/lib/downloads/dashboard-contracts";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { getDocumentEventXml } from "@/lib/downloads/get-event-xml";

export const GET = handleSession(dashboardDocumentEventXmlContract, async ({ companyId, params, query }) =>
  fileResponse(await getDocumentEventXml(companyId, params.documentId, params.eventId, query)),
);
