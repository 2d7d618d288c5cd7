import { handleSession } from "@/lib/api/handle-session";
import { getActiveCertificate, installCertificate } from "@/lib/certificates";
import { getCertificateContract, uploadCertificateContract } from "@/lib/companies/setup-contracts";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const GET = handleSession(getCertificateContract, async ({ companyId }) => ({ active: await getActiveCertificate(companyId) }));

export const POST = handleSession(
  uploadCertificateContract,
  ({ companyId, body }) => installCertificate({ companyId, pfx: Buffer.from(body.pfxBase64, "base64"), password: body.password }),
  { roles: WRITER_ROLES },
);
