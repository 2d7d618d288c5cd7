import { handleAccount } from "@/lib/api/handle";
import { getCompanyContract, updateCompanyContract } from "@/lib/companies/api/contracts";
import { findTenantCompany, getCompany, toCompanyResource, updateTenantCompany } from "@/lib/companies/api/tenant-companies";

export const GET = handleAccount(getCompanyContract, async ({ tenantId, params }) => toCompanyResource(await findTenantCompany({ tenantId, companyId: params.id })));
export const PATCH = handleAccount(updateCompanyContract, ({ tenantId, params, body }) => updateTenantCompany({ tenantId, companyId: params.id, body }, getCompany));
