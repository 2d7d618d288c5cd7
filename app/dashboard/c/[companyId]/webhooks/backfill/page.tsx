import { getTranslations } from "next-intl/server";
import { BackfillPanel } from "@/components/dashboard/webhooks/backfill-panel";
import { canOperateWebhooks } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";

export default async function WebhookBackfillPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const t = await getTranslations("webhooks.backfill");
  return (
    <div className="max-w-6xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      </div>
      <BackfillPanel companyId={company.id} canOperate={canOperateWebhooks(user.role)} />
    </div>
  );
}
