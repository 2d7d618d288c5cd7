"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { DataTable, QueryFrame } from "../resources/query-frame";
import { ApiError, apiFetch } from "@/lib/client/api-fetch";
import type { WebhookDeliveryResponse } from "@/lib/webhooks/schemas";
import { DeliveryRow } from "./delivery-row";

// Refusals of a re-send explained in plain words (webhooks.documentPanel.errors).
const DISPATCH_ERROR_CODES = ["document_without_outcome", "no_active_webhook_endpoint", "rate_limited", "forbidden_role"] as const;
type DispatchErrorCode = (typeof DISPATCH_ERROR_CODES)[number];

/** The document page's webhook section: its deliveries and a re-dispatch button (new event id, 60 per minute per company). */
export function DocumentDeliveriesPanel({ companyId, documentId, canOperate }: { companyId: string; documentId: string; canOperate: boolean }) {
  const t = useTranslations("webhooks.documentPanel");
  const dispatchErrors = useTranslations("webhooks.documentPanel.errors");
  const errorMessage = useErrorMessage();
  // Refusals of a re-send in plain words; anything else as the shared API error text.
  const plainError = (error: unknown) =>
    error instanceof ApiError && DISPATCH_ERROR_CODES.includes(error.code as DispatchErrorCode) ? dispatchErrors(error.code as DispatchErrorCode) : errorMessage(error);
  const base = `/api/dashboard/companies/${encodeURIComponent(companyId)}/documents/${encodeURIComponent(documentId)}`;
  const key = [`${base}/webhook-deliveries`];
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    queryKey: key,
    queryFn: () => apiFetch<{ data: WebhookDeliveryResponse[] }>(`${base}/webhook-deliveries`),
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === "PENDING") ? 2_000 : false),
  });
  const resend = useMutation({
    mutationFn: () => apiFetch<{ dispatched: number }>(`${base}/webhook`, { method: "POST" }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: key }), 2_000);
    },
  });

  return (
    <section aria-label={t("title")} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold">{t("title")}</h2>
          <p className="text-xs text-slate-500">{t("intro")}</p>
        </div>
        {canOperate && (
          <button type="button" disabled={resend.isPending} onClick={() => resend.mutate()} className="rounded-md border border-indigo-600 px-3 py-1.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 disabled:opacity-60">
            {resend.isPending ? t("sending") : t("resend")}
          </button>
        )}
      </div>
      {resend.isSuccess && <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">{t("dispatched", { count: resend.data.dispatched })}</p>}
      {resend.isError && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {plainError(resend.error)}
        </p>
      )}
      <QueryFrame query={deliveries} loading={t("loading")} isEmpty={(data) => data.data.length === 0} empty={t("empty")}>
        {(data) => (
          <DataTable headers={[t("status"), t("event"), t("attempts"), t("lastAnswer"), t("created")]}>
            {data.data.map((delivery) => (
              <DeliveryRow key={delivery.id} companyId={companyId} delivery={delivery} testId="document-delivery-row" />
            ))}
          </DataTable>
        )}
      </QueryFrame>
    </section>
  );
}
