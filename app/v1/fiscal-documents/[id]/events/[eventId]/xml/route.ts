import { handle } from "@/lib/api/handle";
import { documentEventXmlContract } from "@/lib/downloads/contracts";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { getDocumentEventXml } from "@/lib/downloads/get-event-xml";

export const GET = handle(documentEventXmlContract, async ({ companyId, params, query }) => fileResponse(await getDocumentEventXml(companyId, params.id, params.eventId, query)));
