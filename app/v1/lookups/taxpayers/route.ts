import { handle } from "@/lib/api/handle";
import { taxpayerLookupContract } from "@/lib/lookups/contracts";
import { lookupTaxpayer } from "@/lib/lookups/taxpayer-lookup";

export const GET = handle(taxpayerLookupContract, ({ companyId, query }) => lookupTaxpayer({ companyId, document: query.document, state: query.state, refresh: query.refresh }));
