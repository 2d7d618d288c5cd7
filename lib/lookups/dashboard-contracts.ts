import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { nfeLookupContract, taxpayerLookupContract } from "./contracts";
import { NfeKeyParams } from "./schemas";

// The dashboard's "Consultas" page (issue 56 item 6) over handleSession: the same
// query, params and answers as /v1/lookups, scoped by the company in the path.
// Every role may call them (SUPPORT too): a lookup changes nothing.

const TAG = "Dashboard: lookups";
const company = z.object({ companyId: z.string().min(1) });

export const dashboardTaxpayerLookupContract = defineContract({
  ...taxpayerLookupContract,
  path: "/api/dashboard/companies/{companyId}/lookups/taxpayers",
  tag: TAG,
  scope: null,
  params: company,
  errorStatuses: [400, 404, 422, 429, 503],
});

export const dashboardNfeLookupContract = defineContract({
  ...nfeLookupContract,
  path: "/api/dashboard/companies/{companyId}/lookups/nfe/{accessKey}",
  tag: TAG,
  scope: null,
  params: company.merge(NfeKeyParams),
  errorStatuses: [400, 404, 422, 429, 503],
});
