import { handle } from "@/lib/api/handle";
import { listOpenTransportManifestsContract } from "@/lib/mdfe/contracts";
import { listOpenTransportManifests } from "@/lib/mdfe";

export const GET = handle(listOpenTransportManifestsContract, ({ companyId, query }) => listOpenTransportManifests(companyId, query));
