import { handleAccount } from "@/lib/api/handle";
import { companyReadinessContract } from "@/lib/companies/api/contracts";
import { findTenantCompany } from "@/lib/companies/api/tenant-companies";
import { readinessChecklist } from "@/lib/companies/emission-prerequisites";

export const GET = handleAccount(companyReadinessContract, async ({ tenantId, params }) => ({
  data: await readinessChecklist((await findTenantCompany({ tenantId, companyId: params.id })).id),
}));
