import { DeliveryLog } from "@/components/dashboard/webhooks/delivery-log";
import { requireSessionCompany } from "@/lib/auth/session-guard";

const TEXT = {
  title: "Webhook deliveries",
  intro: "Every delivery to this company's endpoints, newest first. Open one to see its payload, the headers sent and each attempt.",
};

export default async function WebhookDeliveriesPage({ params, searchParams }: { params: Promise<{ companyId: string }>; searchParams: Promise<{ endpointId?: string }> }) {
  const { companyId } = await params;
  const { endpointId } = await searchParams;
  const { company } = await requireSessionCompany(companyId);
  return (
    <div className="max-w-6xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{TEXT.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{TEXT.intro}</p>
      </div>
      <DeliveryLog companyId={company.id} initialEndpointId={typeof endpointId === "string" ? endpointId : undefined} />
    </div>
  );
}
