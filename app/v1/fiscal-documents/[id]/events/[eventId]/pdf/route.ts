import { handle } from "@/lib/api/handle";
import { documentEventPdfContract } from "@/lib/downloads/contracts";
import { getDocumentEventPdf } from "@/lib/downloads/get-event-pdf";
import { fileResponse } from "@/lib/downloads/get-document-xml";

// Rendering needs Node (react-pdf).
export const runtime = "nodejs";

export const GET = handle(documentEventPdfContract, async ({ companyId, params, query }) => fileResponse(await getDocumentEventPdf(companyId, params.id, params.eventId, query)));
