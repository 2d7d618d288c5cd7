import { handleSession } from "@/lib/api/handle-session";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { dashboardReceivedXmlContract } from "@/lib/received/dashboard-contracts";
import { receivedXmlFile } from "@/lib/received/downloads";

export const GET = handleSession(dashboardReceivedXmlContract, async ({ companyId, params, query }) => fileResponse(await receivedXmlFile(companyId, params.id, query)));
