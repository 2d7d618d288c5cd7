import { BackfillPanel } from "@/components/dashboard/webhooks/backfill-panel";
import { canOperateWebhooks } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";

const TEXT = {
  title: "Webhook backfill",
  intro: "Send the current event of documents issued in a date range to every active endpoint that subscribes to it — for an ERP that was offline or added late. Count first; a run sends at most 5,000 documents.",
};

export default async function WebhookBackfillPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  return (
    <div className="max-w-6xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{TEXT.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{TEXT.intro}</p>
      </div>
      <BackfillPanel companyId={company.id} canOperate={canOperateWebhooks(user.role)} />
    </div>
  );
}
