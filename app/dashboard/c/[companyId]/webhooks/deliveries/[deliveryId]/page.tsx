import { DeliveryDetail } from "@/components/dashboard/webhooks/delivery-detail";
import { canOperateWebhooks } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";

export default async function WebhookDeliveryPage({ params }: { params: Promise<{ companyId: string; deliveryId: string }> }) {
  const { companyId, deliveryId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  return (
    <div className="max-w-5xl">
      <DeliveryDetail companyId={company.id} deliveryId={deliveryId} canOperate={canOperateWebhooks(user.role)} />
    </div>
  );
}
