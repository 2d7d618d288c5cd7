"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "@/components/dashboard/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { QueryFrame } from "../resources/query-frame";
import { apiFetch } from "@/lib/client/api-fetch";
import type { DeliveryWithHeaders } from "@/lib/webhooks/dashboard-contracts";
import { formatDateTime } from "../format";
import { AttemptList } from "./attempt-list";
import { CopyButton } from "./copy-button";
import { DocumentIdLink } from "./delivery-row";
import { webhooksApi, webhooksPage } from "./labels";
import { DeliveryStatusBadge } from "./status-badge";

function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

export function DeliveryDetail({ companyId, deliveryId, canOperate }: { companyId: string; deliveryId: string; canOperate: boolean }) {
  const t = useTranslations("webhooks.delivery");
  const common = useTranslations("common");
  const statuses = useTranslations("enums.deliveryStatus");
  const errorMessage = useErrorMessage();
  const api = webhooksApi(companyId);
  const key = [`${api}/deliveries`, deliveryId];
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const delivery = useQuery({
    queryKey: key,
    queryFn: () => apiFetch<DeliveryWithHeaders>(`${api}/deliveries/${encodeURIComponent(deliveryId)}`),
    // A pending delivery is still being retried in the background: keep its attempts current.
    refetchInterval: (query) => (query.state.data?.status === "PENDING" ? 3_000 : false),
  });
  const redeliver = useMutation({
    mutationFn: (endpointId: string) => apiFetch(`${api}/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, { method: "POST" }),
    onSuccess: () => setConfirming(false),
    // The answer has no request headers: refetch the page's own shape.
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const view = (d: DeliveryWithHeaders) => {
    const latest = d.attemptLog.at(-1);
    const payload = prettyPayload(d.payload);
    return (
      <div className="space-y-5">
        <div className="flex flex-wrap gap-4 text-sm">
          <Link href={webhooksPage(companyId, "/deliveries")} className="text-indigo-700 hover:underline">
            {t("back")}
          </Link>
          <Link href={webhooksPage(companyId, `/deliveries?endpointId=${encodeURIComponent(d.endpointId)}`)} className="text-indigo-700 hover:underline">
            {t("endpoint")}
          </Link>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-mono text-lg font-semibold">{d.eventType}</h1>
          <DeliveryStatusBadge status={d.status} />
        </div>
        <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-slate-500">{t("event")}</dt>
            <dd className="font-mono text-xs">{d.eventId}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t("delivery")}</dt>
            <dd className="font-mono text-xs">{d.id}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t("document")}</dt>
            <dd className="font-mono text-xs">
              <DocumentIdLink companyId={companyId} documentId={d.documentId} payload={d.payload} className="text-indigo-700 hover:underline" />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t("attempts")}</dt>
            <dd data-testid="attempt-count">{d.attempts}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t("created")}</dt>
            <dd>{formatDateTime(d.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t("nextAttempt")}</dt>
            <dd>{d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : t("noneScheduled")}</dd>
          </div>
        </dl>

        {canOperate && (
          <div className="space-y-2">
            {confirming ? (
              <div role="alertdialog" aria-label={t("redeliver")} className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
                <p>{t("confirm")}</p>
                <div className="mt-2 flex gap-3">
                  <button type="button" disabled={redeliver.isPending} onClick={() => redeliver.mutate(d.endpointId)} className="rounded bg-indigo-600 px-3 py-1 text-xs font-semibold text-white hover:bg-indigo-500 disabled:opacity-60">
                    {redeliver.isPending ? t("sending") : t("yes")}
                  </button>
                  <button type="button" onClick={() => setConfirming(false)} className="text-xs text-slate-700 hover:underline">
                    {common("cancel")}
                  </button>
                </div>
              </div>
            ) : (
              <button type="button" onClick={() => setConfirming(true)} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
                {t("redeliver")}
              </button>
            )}
            {redeliver.isSuccess && <p role="status" className="text-sm text-emerald-800">{t("redelivered", { status: statuses(d.status) })}</p>}
            {redeliver.error && (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
                {errorMessage(redeliver.error)}
              </p>
            )}
          </div>
        )}

        <section>
          <div className="mb-2 flex items-center justify-between">
            <h2 className="text-base font-semibold">{t("payload")}</h2>
            <CopyButton text={d.payload} label={t("copyPayload")} />
          </div>
          <pre data-testid="delivery-payload" className="max-h-96 overflow-auto rounded-lg border border-slate-200 bg-slate-900 p-3 font-mono text-xs text-slate-100">
            {payload}
          </pre>
        </section>
        <section>
          <h2 className="mb-2 text-base font-semibold">{t("headers")}</h2>
          {latest?.requestHeaders ? (
            <pre data-testid="delivery-headers" className="overflow-auto rounded-lg border border-slate-200 bg-white p-3 font-mono text-xs">
              {Object.entries(latest.requestHeaders)
                .map(([name, value]) => `${name}: ${value}`)
                .join("\n")}
            </pre>
          ) : (
            <p className="text-sm text-slate-500">{t("noHeaders")}</p>
          )}
        </section>
        <AttemptList attempts={d.attemptLog} />
      </div>
    );
  };
  return (
    <QueryFrame query={delivery} loading={t("loading")}>
      {view}
    </QueryFrame>
  );
}
