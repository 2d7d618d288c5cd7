import { handle } from "@/lib/api/handle";
import { getTransportManifestContract } from "@/lib/mdfe/contracts";
import { getTransportManifest } from "@/lib/mdfe";

export const GET = handle(getTransportManifestContract, ({ companyId, params }) => getTransportManifest(companyId, params.id));
