import { handleSession } from "@/lib/api/handle-session";
import { TENANT_ADMIN_ROLES } from "@/lib/auth/roles";
import { createAccountCompanyContract, listAccountCompaniesContract } from "@/lib/companies/api/dashboard-contracts";
import { createTenantCompany, listTenantCompanies } from "@/lib/companies/api/tenant-companies";

const roles = { roles: TENANT_ADMIN_ROLES };

export const GET = handleSession(listAccountCompaniesContract, ({ session, query }) => listTenantCompanies({ tenantId: session.tenantId, query }), roles);

export const POST = handleSession(createAccountCompanyContract, ({ session, body }) => createTenantCompany({ tenantId: session.tenantId, body }), roles);
