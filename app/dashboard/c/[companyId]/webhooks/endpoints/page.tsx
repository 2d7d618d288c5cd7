import { EndpointsPanel } from "@/components/dashboard/webhooks/endpoints-panel";
import { canManageWebhookEndpoints, canOperateWebhooks } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";

const TEXT = {
  title: "Webhook endpoints",
  intro: "Where this company's document outcomes are sent, signed with each endpoint's secret. An endpoint is disabled after 5 deliveries in a row fail for good.",
  readOnly: "Your role can see endpoints, send test events and redeliver, but only an Admin or Accountant can add, edit or delete endpoints.",
};

export default async function WebhookEndpointsPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const canManage = canManageWebhookEndpoints(user.role);
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{TEXT.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{TEXT.intro}</p>
        {!canManage && <p className="mt-2 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{TEXT.readOnly}</p>}
      </div>
      <EndpointsPanel companyId={company.id} canManage={canManage} canOperate={canOperateWebhooks(user.role)} />
    </div>
  );
}
