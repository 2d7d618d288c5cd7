import { handleAccount } from "@/lib/api/handle";
import { getCompanyFiscalSettingsContract, updateCompanyFiscalSettingsContract } from "@/lib/companies/api/contracts";
import { readApiFiscalSettings } from "@/lib/companies/api/company-settings";
import { findTenantCompany, updateTenantCompany } from "@/lib/companies/api/tenant-companies";

export const GET = handleAccount(getCompanyFiscalSettingsContract, async ({ tenantId, params }) =>
  readApiFiscalSettings((await findTenantCompany({ tenantId, companyId: params.id })).id),
);
export const PATCH = handleAccount(updateCompanyFiscalSettingsContract, ({ tenantId, params, body }) =>
  updateTenantCompany({ tenantId, companyId: params.id, body }, readApiFiscalSettings),
);
