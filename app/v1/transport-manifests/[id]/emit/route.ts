import { handle } from "@/lib/api/handle";
import { emitTransportManifestContract } from "@/lib/mdfe/contracts";
import { emitTransportManifest } from "@/lib/mdfe";

export const POST = handle(emitTransportManifestContract, ({ companyId, params }) => emitTransportManifest({ companyId, manifestId: params.id }));
