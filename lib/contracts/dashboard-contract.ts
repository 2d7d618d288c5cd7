import type { Contract } from "./contract";

/**
 * The dashboard twin of a /v1 contract: same schemas (so forms validate as the
 * API does), path under /api/dashboard/companies/{companyId}, session instead of scope.
 */
export function asDashboardContract<C extends Contract>(contract: C): C {
  return { ...contract, path: contract.path.replace(/^\/v1/, "/api/dashboard/companies/{companyId}"), scope: null, tag: `Dashboard: ${contract.tag}` };
}
