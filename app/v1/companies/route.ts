import { handleAccount } from "@/lib/api/handle";
import { createCompanyContract, listCompaniesContract } from "@/lib/companies/api/contracts";
import { createTenantCompany, listTenantCompanies } from "@/lib/companies/api/tenant-companies";

export const GET = handleAccount(listCompaniesContract, ({ tenantId, query }) => listTenantCompanies({ tenantId, query }));
export const POST = handleAccount(createCompanyContract, ({ tenantId, body }) => createTenantCompany({ tenantId, body }));
