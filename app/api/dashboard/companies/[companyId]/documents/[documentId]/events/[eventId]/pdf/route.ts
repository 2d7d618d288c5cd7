import { handleSession } from "@/lib/api/handle-session";
import { dashboardDocumentEventPdfContract } from "@/lib/downloads/dashboard-contracts";
import { getDocumentEventPdf } from "@/lib/downloads/get-event-pdf";
import { fileResponse } from "@/lib/downloads/get-document-xml";

export const runtime = "nodejs";

export const GET = handleSession(dashboardDocumentEventPdfContract, async ({ companyId, params, query }) =>
  fileResponse(await getDocumentEventPdf(companyId, params.documentId, params.eventId, query)),
);
