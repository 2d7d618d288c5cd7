import { getTranslations } from "next-intl/server";
import { CertificateCard } from "@/components/dashboard/company-setup/certificate-card";
import { CertificateUploadForm } from "@/components/dashboard/company-setup/certificate-upload-form";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { getActiveCertificate } from "@/lib/certificates/certificate-summary";
import { canWrite } from "@/lib/auth/roles";
import { isStateCode, stateInfo } from "@/lib/br/states";

export const dynamic = "force-dynamic";

export default async function CertificatePage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const certificate = await getActiveCertificate(company.id);
  const canManage = canWrite(user.role);
  const t = await getTranslations("certificate");
  const timeZone = isStateCode(company.state) ? stateInfo(company.state).timezone : undefined;
  return (
    <div className="max-w-3xl space-y-4">
      <h1 className="text-xl font-semibold">{t("title")}</h1>
      <CertificateCard certificate={certificate} timeZone={timeZone} />
      {canManage ? (
        <CertificateUploadForm endpoint={`/api/dashboard/companies/${encodeURIComponent(company.id)}/certificate`} replacing={certificate !== null} />
      ) : (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("readOnly")}</p>
      )}
    </div>
  );
}
