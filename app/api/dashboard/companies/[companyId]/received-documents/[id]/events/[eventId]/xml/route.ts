import { handleSession } from "@/lib/api/handle-session";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { dashboardReceivedEventXmlContract } from "@/lib/received/reform-event-dashboard-contracts";
import { receivedEventXmlFile } from "@/lib/received/register-acquirer-event";

export const GET = handleSession(dashboardReceivedEventXmlContract, async ({ companyId, params, query }) => fileResponse(await receivedEventXmlFile(companyId, params.id, params.eventId, query)));
