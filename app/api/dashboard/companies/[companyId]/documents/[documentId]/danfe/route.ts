import { handleSession } from "@/lib/api/handle-session";
import { dashboardDocumentDanfeContract } from "@/lib/downloads/dashboard-contracts";
import { getDocumentDanfe } from "@/lib/downloads/get-document-danfe";
import { fileResponse } from "@/lib/downloads/get-document-xml";

export const runtime = "nodejs";

export const GET = handleSession(dashboardDocumentDanfeContract, async ({ companyId, params, query }) => fileResponse(await getDocumentDanfe(companyId, params.documentId, query)));
