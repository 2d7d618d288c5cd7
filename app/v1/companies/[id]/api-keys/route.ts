import { handleAccount } from "@/lib/api/handle";
import { createApiKey } from "@/lib/auth/api-keys";
import { grantableScopes } from "@/lib/auth/grant-scopes";
import { createCompanyApiKeyContract } from "@/lib/companies/api/contracts";
import { findTenantCompany } from "@/lib/companies/api/tenant-companies";

export const POST = handleAccount(createCompanyApiKeyContract, async ({ principal, tenantId, params, body }) => {
  const company = await findTenantCompany({ tenantId, companyId: params.id });
  return createApiKey({ companyId: company.id, name: body.name, scopes: grantableScopes(principal, body.scopes) });
});
