import { handle } from "@/lib/api/handle";
import { addTransportManifestDriverContract } from "@/lib/mdfe/contracts";
import { addTransportManifestDriver } from "@/lib/mdfe";

export const POST = handle(addTransportManifestDriverContract, ({ companyId, params, body }) => addTransportManifestDriver({ companyId, manifestId: params.id, body }));
