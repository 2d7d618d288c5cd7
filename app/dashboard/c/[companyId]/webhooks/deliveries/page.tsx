import { getTranslations } from "next-intl/server";
import { DeliveryLog } from "@/components/dashboard/webhooks/delivery-log";
import { requireSessionCompany } from "@/lib/auth/session-guard";

const FILTER_KEYS = ["search", "status", "eventType", "endpointId", "environment", "documentType", "from", "to"] as const;

export default async function WebhookDeliveriesPage({ params, searchParams }: { params: Promise<{ companyId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { companyId } = await params;
  const query = await searchParams;
  // Filters from the address bar (the log writes them there on Apply); the API validates them again.
  const initialFilters = Object.fromEntries(FILTER_KEYS.flatMap((key) => (typeof query[key] === "string" ? [[key, query[key].slice(0, 100)]] : [])));
  const { company } = await requireSessionCompany(companyId);
  const t = await getTranslations("webhooks.deliveries");
  return (
    <div className="max-w-6xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      </div>
      <DeliveryLog companyId={company.id} initialFilters={initialFilters} />
    </div>
  );
}
