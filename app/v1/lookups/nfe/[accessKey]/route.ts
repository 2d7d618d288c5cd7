import { handle } from "@/lib/api/handle";
import { nfeLookupContract } from "@/lib/lookups/contracts";
import { lookupNfe } from "@/lib/lookups/nfe-by-key";

export const GET = handle(nfeLookupContract, ({ companyId, params }) => lookupNfe({ companyId, accessKey: params.accessKey }));
