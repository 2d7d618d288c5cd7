import { handleSession } from "@/lib/api/handle-session";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { dashboardReceivedZipContract } from "@/lib/received/dashboard-contracts";
import { receivedXmlZip } from "@/lib/received/zip";

export const GET = handleSession(dashboardReceivedZipContract, async ({ companyId, query }) => fileResponse(await receivedXmlZip(companyId, query.ids)));
