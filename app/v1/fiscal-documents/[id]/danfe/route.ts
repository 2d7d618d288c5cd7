import { handle } from "@/lib/api/handle";
import { documentDanfeContract } from "@/lib/downloads/contracts";
import { getDocumentDanfe } from "@/lib/downloads/get-document-danfe";
import { fileResponse } from "@/lib/downloads/get-document-xml";

// Rendering needs Node (react-pdf, qrcode).
export const runtime = "nodejs";

export const GET = handle(documentDanfeContract, async ({ companyId, params, query }) => fileResponse(await getDocumentDanfe(companyId, params.id, query)));
