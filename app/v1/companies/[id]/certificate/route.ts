import { handleAccount } from "@/lib/api/handle";
import { getActiveCertificate, installCertificate } from "@/lib/certificates";
import { getCompanyCertificateContract, putCompanyCertificateContract } from "@/lib/companies/api/contracts";
import { findTenantCompany } from "@/lib/companies/api/tenant-companies";

export const GET = handleAccount(getCompanyCertificateContract, async ({ tenantId, params }) => {
  const company = await findTenantCompany({ tenantId, companyId: params.id });
  return { active: await getActiveCertificate(company.id) };
});
export const PUT = handleAccount(putCompanyCertificateContract, async ({ tenantId, params, body }) => {
  const company = await findTenantCompany({ tenantId, companyId: params.id });
  return installCertificate({ companyId: company.id, pfx: Buffer.from(body.pfxBase64, "base64"), password: body.password });
});
