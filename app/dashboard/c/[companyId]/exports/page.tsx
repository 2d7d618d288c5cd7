import { getTranslations } from "next-intl/server";
import { ExportPanel } from "@/components/dashboard/exports/export-panel";
import { canWrite } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";

export const dynamic = "force-dynamic";

export default async function ExportsPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const t = await getTranslations("exports");
  return (
    <div className="max-w-6xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      </div>
      <ExportPanel companyId={company.id} canWrite={canWrite(user.role)} />
    </div>
  );
}
