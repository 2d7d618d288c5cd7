import { handleAccount } from "@/lib/api/handle";
import { companyLogoFile, deleteCompanyLogo, getCompanyLogo, saveCompanyLogo } from "@/lib/branding/company-logo";
import { deleteCompanyLogoContract, getCompanyLogoContract, putCompanyLogoContract } from "@/lib/branding/contracts";
import { findTenantCompany } from "@/lib/companies/api/tenant-companies";
import { fileResponse } from "@/lib/downloads/get-document-xml";

export const GET = handleAccount(getCompanyLogoContract, async ({ tenantId, params, query }) => {
  const company = await findTenantCompany({ tenantId, companyId: params.id });
  if (!query.download) return getCompanyLogo(company.id);
  const file = await companyLogoFile(company.id);
  const extension = file.contentType === "image/png" ? "png" : "jpg";
  return fileResponse({ body: Buffer.from(file.data), contentType: file.contentType, fileName: `${company.id}-logo.${extension}`, download: true });
});
export const PUT = handleAccount(putCompanyLogoContract, async ({ tenantId, params, body }) => {
  const company = await findTenantCompany({ tenantId, companyId: params.id });
  return saveCompanyLogo(company.id, Buffer.from(body.base64, "base64"), undefined, { declaredType: body.contentType, printOnDocuments: body.printOnDocuments });
});
export const DELETE = handleAccount(deleteCompanyLogoContract, async ({ tenantId, params }) => deleteCompanyLogo((await findTenantCompany({ tenantId, companyId: params.id })).id));
