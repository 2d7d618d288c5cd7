import { handle } from "@/lib/api/handle";
import { createTransportManifestContract, listTransportManifestsContract } from "@/lib/mdfe/contracts";
import { createTransportManifest, listTransportManifests } from "@/lib/mdfe";

export const GET = handle(listTransportManifestsContract, ({ companyId, query }) => listTransportManifests(companyId, query));
export const POST = handle(createTransportManifestContract, ({ companyId, body }) => createTransportManifest({ companyId, body }));
