"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "@/components/dashboard/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";
import type { EndpointWithLastDelivery } from "@/lib/webhooks/dashboard-contracts";
import type { WebhookDeliveryResponse, WebhookEndpointResponse } from "@/lib/webhooks/schemas";
import { formatDateTime } from "../format";
import { EndpointForm, type EndpointFormValues } from "./endpoint-form";
import { webhooksApi, webhooksPage } from "./labels";
import { SecretNotice } from "./secret-notice";
import { DeliveryStatusBadge } from "./status-badge";
import { useWebhookLabels } from "./use-webhook-labels";
import { buttonClass } from "@/components/dashboard/button-styles";

type Confirm = "rotate" | "delete" | null;

export function EndpointCard({ companyId, endpoint, canManage, canOperate }: { companyId: string; endpoint: EndpointWithLastDelivery; canManage: boolean; canOperate: boolean }) {
  const t = useTranslations("webhooks.endpoint");
  const common = useTranslations("common");
  const labels = useWebhookLabels();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const path = `${webhooksApi(companyId)}/${encodeURIComponent(endpoint.id)}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: [webhooksApi(companyId)] });
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const update = useMutation({
    mutationFn: (body: Partial<EndpointFormValues> & { isActive?: boolean }) => apiFetch<WebhookEndpointResponse>(path, { method: "PATCH", body }),
    onSuccess: (_, body) => {
      setEditing(false);
      setNotice(body.isActive ? t("reactivated") : null);
    },
    onSettled: refresh,
  });
  const rotate = useMutation({
    mutationFn: () => apiFetch<WebhookEndpointResponse & { secret: string }>(`${path}/rotate-secret`, { method: "POST" }),
    onSuccess: (result) => {
      setConfirm(null);
      setSecret(result.secret);
    },
  });
  const remove = useMutation({ mutationFn: () => apiFetch(path, { method: "DELETE" }), onSuccess: refresh });
  const test = useMutation({ mutationFn: () => apiFetch<WebhookDeliveryResponse>(`${path}/test`, { method: "POST" }), onSettled: refresh });
  const error = update.error ?? rotate.error ?? remove.error ?? test.error;
  const list = (values: string[], labels: Record<string, string>) => (values.length === 0 ? common("all") : values.map((v) => labels[v] ?? v).join(", "));

  return (
    <li data-testid="webhook-endpoint" data-url={endpoint.url} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm font-medium">{endpoint.url}</p>
          {endpoint.description && <p className="text-xs text-slate-500">{endpoint.description}</p>}
        </div>
        {endpoint.isActive ? (
          <span className="rounded bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-inset ring-emerald-200">{t("active")}</span>
        ) : (
          <span className="rounded bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-inset ring-red-200">{t("disabled")}</span>
        )}
      </div>
      {!endpoint.isActive && <p className="text-sm text-red-700">{endpoint.disabledReason ? t("disabledSince", { reason: endpoint.disabledReason, when: formatDateTime(endpoint.disabledAt) }) : t("disabledNoReason", { when: formatDateTime(endpoint.disabledAt) })}</p>}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-500">{t("events")}</dt>
          <dd>{list(endpoint.events, labels.eventFilter)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t("environments")}</dt>
          <dd>{list(endpoint.environments, labels.environment)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t("documentTypes")}</dt>
          <dd>{list(endpoint.documentTypes, labels.documentType)}</dd>
        </div>
        {/* A disabled endpoint says why above; a zero counter beside "Desativado" read as healthy. */}
        {(endpoint.isActive || endpoint.consecutiveFailures > 0) && (
          <div>
            <dt className="text-xs text-slate-500">{t("failures")}</dt>
            <dd className={endpoint.consecutiveFailures > 0 ? "font-medium text-amber-700" : undefined}>{endpoint.consecutiveFailures}</dd>
          </div>
        )}
        <div className="sm:col-span-2">
          <dt className="text-xs text-slate-500">{t("lastDelivery")}</dt>
          <dd className="flex items-center gap-2">
            {endpoint.lastDelivery ? (
              <>
                <DeliveryStatusBadge status={endpoint.lastDelivery.status} />
                {endpoint.lastDelivery.responseStatus !== null && <span className="font-mono text-xs">HTTP {endpoint.lastDelivery.responseStatus}</span>}
                <span className="text-xs text-slate-500">{formatDateTime(endpoint.lastDelivery.at)}</span>
              </>
            ) : (
              <span className="text-slate-500">{t("never")}</span>
            )}
          </dd>
        </div>
      </dl>

      {notice && <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">{notice}</p>}
      {secret && <SecretNotice title={t("rotatedTitle")} secret={secret} onDismiss={() => setSecret(null)} />}
      {test.data && (
        <p role="status" className="flex flex-wrap items-center gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm">
          {t("testSent")} <DeliveryStatusBadge status={test.data.status} />
          {test.data.responseStatus !== null && <span className="font-mono text-xs">HTTP {test.data.responseStatus}</span>}
          {test.data.errorMessage && <span className="text-red-700">{test.data.errorMessage}</span>}
          <Link href={webhooksPage(companyId, `/deliveries/${encodeURIComponent(test.data.id)}`)} className="text-indigo-700 hover:underline">
            {t("openDelivery")}
          </Link>
        </p>
      )}
      {editing && (
        <EndpointForm
          title={t("editTitle")}
          submitLabel={t("save")}
          initial={{ url: endpoint.url, description: endpoint.description, events: endpoint.events, environments: endpoint.environments, documentTypes: endpoint.documentTypes }}
          pending={update.isPending}
          serverError={update.error ? errorMessage(update.error) : null}
          onSubmit={(values) => update.mutate(values)}
          onCancel={() => setEditing(false)}
        />
      )}
      {confirm && (
        <div role="alertdialog" aria-label={confirm === "delete" ? t("delete") : t("rotate")} className="rounded-md border border-red-200 bg-red-50 p-3 text-sm">
          <p className="text-red-900">{confirm === "delete" ? t("confirmDelete") : t("confirmRotate")}</p>
          <div className="mt-2 flex gap-3">
            <button
              type="button"
              disabled={remove.isPending || rotate.isPending}
              onClick={() => (confirm === "delete" ? remove.mutate() : rotate.mutate())}
              className={buttonClass("danger", "sm")}
            >
              {confirm === "delete" ? t("deleteYes") : t("rotateYes")}
            </button>
            <button type="button" onClick={() => setConfirm(null)} className="text-xs text-slate-700 hover:underline">
              {common("cancel")}
            </button>
          </div>
        </div>
      )}
      {error && !editing && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {errorMessage(error)}
        </p>
      )}

      <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3 text-xs">
        <Link href={webhooksPage(companyId, `/deliveries?endpointId=${encodeURIComponent(endpoint.id)}`)} className="rounded border border-slate-300 px-2 py-1 font-medium hover:bg-slate-50">
          {t("deliveries")}
        </Link>
        {canOperate && endpoint.isActive && (
          <button type="button" disabled={test.isPending} onClick={() => test.mutate()} className="rounded border border-slate-300 px-2 py-1 font-medium hover:bg-slate-50 disabled:opacity-60">
            {t("test")}
          </button>
        )}
        {canManage && (
          <>
            {!endpoint.isActive && (
              <button type="button" disabled={update.isPending} onClick={() => update.mutate({ isActive: true })} className="rounded border border-emerald-300 px-2 py-1 font-medium text-emerald-800 hover:bg-emerald-50 disabled:opacity-60">
                {t("reactivate")}
              </button>
            )}
            <button type="button" onClick={() => setEditing(true)} className="rounded border border-slate-300 px-2 py-1 font-medium hover:bg-slate-50">
              {t("edit")}
            </button>
            <button type="button" onClick={() => setConfirm("rotate")} className="rounded border border-slate-300 px-2 py-1 font-medium hover:bg-slate-50">
              {t("rotate")}
            </button>
            <button type="button" onClick={() => setConfirm("delete")} className="rounded border border-red-200 px-2 py-1 font-medium text-red-700 hover:bg-red-50">
              {t("delete")}
            </button>
          </>
        )}
      </div>
    </li>
  );
}
