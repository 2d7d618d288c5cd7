import Link from "@/components/dashboard/link";
import { getTranslations } from "next-intl/server";
import { isStateCode, stateInfo } from "@/lib/br/states";
import { EnvironmentBadge } from "@/components/dashboard/environment-badge";
import { AuthorityStatusTable } from "@/components/dashboard/authority-status/authority-status-table";
import { checkCompanyStatusAndSwitch } from "@/lib/contingency/status-answers";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { canWrite } from "@/lib/auth/roles";
import { ContingencySwitch } from "@/components/dashboard/contingency/contingency-switch";
import { getContingencyOverview } from "@/lib/contingency/contingency-state";
import { RefreshAfterSwitch } from "@/components/dashboard/contingency/refresh-after-switch";

// Every visit asks the authority again (NFeStatusServico4): nothing here is cached.
export const dynamic = "force-dynamic";

export default async function AuthorityStatusPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const before = await getContingencyOverview(company.id);
  const { certificate, checks } = await checkCompanyStatusAndSwitch(company.id);
  // After the checks: a 108/109 they found has already switched the contingency shown below.
  const contingency = await getContingencyOverview(company.id);
  const switched = (["55", "58", "65"] as const).some((model) => before[model].active !== contingency[model].active);
  const t = await getTranslations("authorityStatus");
  const timeZone = isStateCode(company.state) ? stateInfo(company.state).timezone : undefined;
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <div className="flex items-center gap-3">
          <h1 className="text-xl font-semibold">{t("title")}</h1>
          <EnvironmentBadge environment={company.environment} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {t("intro", { state: company.state })}
        </p>
        {!certificate && checks.some((c) => c.via === "sefaz") && (
          <p className="mt-2 rounded bg-amber-50 px-3 py-2 text-sm text-amber-800">
            {t("noCertificate")}{" "}
            <Link className="underline" href={`/dashboard/c/${company.id}/certificate`}>
              {t("uploadOne")}
            </Link>
          </p>
        )}
      </div>
      <AuthorityStatusTable checks={checks} timeZone={timeZone} />
      <ContingencySwitch companyId={company.id} initial={contingency} canManage={canWrite(user.role)} />
      {switched && <RefreshAfterSwitch />}
      <Link href={`/dashboard/c/${company.id}/authority-status`} className="inline-block rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50" prefetch={false}>
        {t("checkAgain")}
      </Link>
    </div>
  );
}
