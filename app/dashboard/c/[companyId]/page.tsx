import { getTranslations } from "next-intl/server";
import { EnvironmentBadge } from "@/components/dashboard/environment-badge";
import { formatCnpj } from "@/components/dashboard/format";
import { OverviewPanel } from "@/components/dashboard/overview/overview-panel";
import { WebhookHealthCard } from "@/components/dashboard/webhooks/webhook-health-card";
import { requireSessionCompany } from "@/lib/auth/session-guard";

export default async function CompanyOverview({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { company } = await requireSessionCompany(companyId);
  const regimes = await getTranslations("enums.taxRegime");
  const home = await getTranslations("home");
  return (
    <div className="max-w-6xl space-y-4">
      <div>
        <div className="flex items-center gap-3">
          <h1 className="text-xl font-semibold">{company.tradeName ?? company.legalName}</h1>
          <EnvironmentBadge environment={company.environment} />
        </div>
        <p className="mt-1 text-sm text-slate-500">
          {company.legalName} · CNPJ {formatCnpj(company.cnpj)} · {company.state} · {regimes(company.taxRegime)} · {home("attentionToday")}
        </p>
      </div>
      <OverviewPanel companyId={company.id} state={company.state} />
      <WebhookHealthCard companyId={company.id} />
    </div>
  );
}
