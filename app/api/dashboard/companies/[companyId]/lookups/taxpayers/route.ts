import { handleSession } from "@/lib/api/handle-session";
import { dashboardTaxpayerLookupContract } from "@/lib/lookups/dashboard-contracts";
import { lookupTaxpayer } from "@/lib/lookups/taxpayer-lookup";

// Every role: a lookup reads the state's registry and changes nothing here.
export const GET = handleSession(dashboardTaxpayerLookupContract, ({ companyId, query }) => lookupTaxpayer({ companyId, document: query.document, state: query.state, refresh: query.refresh }));
