import { handle } from "@/lib/api/handle";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { previewTransportManifestContract } from "@/lib/mdfe/contracts";
import { previewTransportManifestDamdfe } from "@/lib/mdfe";

export const POST = handle(previewTransportManifestContract, async ({ companyId, body }) => fileResponse(await previewTransportManifestDamdfe({ companyId, body })));
