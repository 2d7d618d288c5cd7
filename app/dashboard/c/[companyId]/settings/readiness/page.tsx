import { getTranslations } from "next-intl/server";
import { ReadinessList } from "@/components/dashboard/company-setup/readiness-list";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { readinessChecklist } from "@/lib/companies/emission-prerequisites";

export const dynamic = "force-dynamic";

export default async function ReadinessPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { company } = await requireSessionCompany(companyId);
  const readiness = await readinessChecklist(company.id);
  const t = await getTranslations("readiness");
  return (
    <div className="max-w-6xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      </div>
      <ReadinessList readiness={readiness} />
    </div>
  );
}
