import { getTranslations } from "next-intl/server";
import { EnvironmentBadge } from "@/components/dashboard/environment-badge";
import { DEFAULT_TIME_ZONE } from "@/components/dashboard/format";
import { LookupsPanel } from "@/components/dashboard/lookups/lookups-panel";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { isStateCode, stateInfo } from "@/lib/br/states";

export async function generateMetadata() {
  return { title: (await getTranslations("lookups"))("title") };
}

// "Consultas" (issue 56 item 6): every role may look up (nothing is changed).
export default async function LookupsPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { company } = await requireSessionCompany(companyId);
  const t = await getTranslations("lookups");
  const state = isStateCode(company.state) ? company.state : "SP";
  const timeZone = isStateCode(company.state) ? stateInfo(company.state).timezone : DEFAULT_TIME_ZONE;
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <div className="flex items-center gap-3">
          <h1 className="text-xl font-semibold">{t("title")}</h1>
          <EnvironmentBadge environment={company.environment} />
        </div>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      </div>
      <LookupsPanel companyId={company.id} defaultState={state} timeZone={timeZone} />
    </div>
  );
}
