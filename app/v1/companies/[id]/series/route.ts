import { handleAccount } from "@/lib/api/handle";
import { createCompanySeriesContract, listCompanySeriesContract, updateCompanySeriesContract } from "@/lib/companies/api/contracts";
import { createCompanySeries, listCompanySeries, updateCompanySeries } from "@/lib/companies/api/company-series";
import { findTenantCompany } from "@/lib/companies/api/tenant-companies";

export const GET = handleAccount(listCompanySeriesContract, async ({ tenantId, params }) =>
  listCompanySeries((await findTenantCompany({ tenantId, companyId: params.id })).id),
);
export const POST = handleAccount(createCompanySeriesContract, async ({ tenantId, params, body }) =>
  createCompanySeries(await findTenantCompany({ tenantId, companyId: params.id }), body),
);
export const PATCH = handleAccount(updateCompanySeriesContract, async ({ tenantId, params, body }) =>
  updateCompanySeries(await findTenantCompany({ tenantId, companyId: params.id }), body),
);
