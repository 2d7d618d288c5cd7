import { handle } from "@/lib/api/handle";
import { cancelTransportManifestContract } from "@/lib/mdfe/contracts";
import { cancelTransportManifest } from "@/lib/mdfe";

export const POST = handle(cancelTransportManifestContract, ({ companyId, params, body }) => cancelTransportManifest({ companyId, manifestId: params.id, body }));
