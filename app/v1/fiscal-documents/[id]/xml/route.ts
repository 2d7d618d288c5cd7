import { handle } from "@/lib/api/handle";
import { documentXmlContract } from "@/lib/downloads/contracts";
import { fileResponse, getDocumentXml } from "@/lib/downloads/get-document-xml";

export const GET = handle(documentXmlContract, async ({ companyId, params, query }) => fileResponse(await getDocumentXml(companyId, params.id, query)));
