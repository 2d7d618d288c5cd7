import { handleSession } from "@/lib/api/handle-session";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { dashboardReceivedDanfeContract } from "@/lib/received/dashboard-contracts";
import { receivedDanfeFile } from "@/lib/received/downloads";

// Rendering needs Node (react-pdf).
export const runtime = "nodejs";

export const GET = handleSession(dashboardReceivedDanfeContract, async ({ companyId, params, query }) => fileResponse(await receivedDanfeFile(companyId, params.id, query)));
