import { CertificateCard } from "@/components/dashboard/company-setup/certificate-card";
import { CertificateUploadForm } from "@/components/dashboard/company-setup/certificate-upload-form";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { getActiveCertificate } from "@/lib/certificates/certificate-summary";
import { canWrite } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

export default async function CertificatePage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const certificate = await getActiveCertificate(company.id);
  const canManage = canWrite(user.role);
  return (
    <div className="max-w-3xl space-y-4">
      <h1 className="text-xl font-semibold">Digital certificate</h1>
      <CertificateCard certificate={certificate} />
      {canManage ? (
        <CertificateUploadForm endpoint={`/api/dashboard/companies/${encodeURIComponent(company.id)}/certificate`} replacing={certificate !== null} />
      ) : (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">Your role can see the certificate but not replace it.</p>
      )}
    </div>
  );
}
