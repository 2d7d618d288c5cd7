import { handle } from "@/lib/api/handle";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { transportManifestDamdfeContract } from "@/lib/mdfe/contracts";
import { renderTransportManifestDamdfe } from "@/lib/mdfe";

export const GET = handle(transportManifestDamdfeContract, async ({ companyId, params, query }) => fileResponse(await renderTransportManifestDamdfe(companyId, params.id, query)));
