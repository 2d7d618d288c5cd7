import { handleSession } from "@/lib/api/handle-session";
import { getActiveCertificate, installCertificate } from "@/lib/certificates";
import { COMPANY_SETUP_MANAGER_ROLES, getCertificateContract, uploadCertificateContract } from "@/lib/companies/setup-contracts";

export const GET = handleSession(getCertificateContract, async ({ companyId }) => ({ active: await getActiveCertificate(companyId) }));

export const POST = handleSession(
  uploadCertificateContract,
  ({ companyId, body }) => installCertificate({ companyId, pfx: Buffer.from(body.pfxBase64, "base64"), password: body.password }),
  { roles: COMPANY_SETUP_MANAGER_ROLES },
);
