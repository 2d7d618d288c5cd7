import { handle } from "@/lib/api/handle";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { receivedDanfeContract } from "@/lib/received/contracts";
import { receivedDanfeFile } from "@/lib/received/downloads";

// Rendering needs Node (react-pdf).
export const runtime = "nodejs";

export const GET = handle(receivedDanfeContract, async ({ companyId, params, query }) => fileResponse(await receivedDanfeFile(companyId, params.id, query)));
