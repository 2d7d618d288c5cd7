import { handle } from "@/lib/api/handle";
import { closeTransportManifestContract } from "@/lib/mdfe/contracts";
import { closeTransportManifest } from "@/lib/mdfe";

export const POST = handle(closeTransportManifestContract, ({ companyId, params, body }) => closeTransportManifest({ companyId, manifestId: params.id, body: body ?? {} }));
