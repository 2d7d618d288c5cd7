import { handle } from "@/lib/api/handle";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { receivedXmlContract } from "@/lib/received/contracts";
import { receivedXmlFile } from "@/lib/received/downloads";

export const GET = handle(receivedXmlContract, async ({ companyId, params, query }) => fileResponse(await receivedXmlFile(companyId, params.id, query)));
