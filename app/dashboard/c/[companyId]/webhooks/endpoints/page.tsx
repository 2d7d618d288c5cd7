import { getTranslations } from "next-intl/server";
import { EndpointsPanel } from "@/components/dashboard/webhooks/endpoints-panel";
import { canManageWebhookEndpoints, canOperateWebhooks } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";

export default async function WebhookEndpointsPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const t = await getTranslations("webhooks.endpoints");
  const canManage = canManageWebhookEndpoints(user.role);
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
        {!canManage && <p className="mt-2 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("readOnly")}</p>}
      </div>
      <EndpointsPanel companyId={company.id} canManage={canManage} canOperate={canOperateWebhooks(user.role)} />
    </div>
  );
}
