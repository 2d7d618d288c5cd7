import { handleSession } from "@/lib/api/handle-session";
import { dashboardNfeLookupContract } from "@/lib/lookups/dashboard-contracts";
import { lookupNfe } from "@/lib/lookups/nfe-by-key";

// Every role: a lookup asks the authority and changes nothing here.
export const GET = handleSession(dashboardNfeLookupContract, ({ companyId, params }) => lookupNfe({ companyId, accessKey: params.accessKey }));
