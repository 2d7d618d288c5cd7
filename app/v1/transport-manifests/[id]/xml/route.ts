import { handle } from "@/lib/api/handle";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { transportManifestXmlContract } from "@/lib/mdfe/contracts";
import { getTransportManifestXml } from "@/lib/mdfe";

export const GET = handle(transportManifestXmlContract, async ({ companyId, params }) => fileResponse(await getTransportManifestXml(companyId, params.id)));
