import { handle } from "@/lib/api/handle";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { transportManifestEventXmlContract } from "@/lib/mdfe/contracts";
import { getTransportManifestEventXml } from "@/lib/mdfe";

export const GET = handle(transportManifestEventXmlContract, async ({ companyId, params, query }) => fileResponse(await getTransportManifestEventXml(companyId, params.id, params.eventId, query)));
