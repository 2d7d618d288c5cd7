"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "@/components/dashboard/link";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useTranslations } from "next-intl";
import { apiFetch } from "@/lib/client/api-fetch";
import type { WebhookHealth } from "@/lib/webhooks/dashboard-contracts";
import { formatDateTime } from "../format";
import { dayAndMonth as short } from "../overview/status-colors";
import { QueryFrame } from "../resources/query-frame";
import { webhooksPage } from "./labels";

/** The overview's webhook section: endpoints disabled or failing, and the last 7 days' delivery outcomes. */
export function WebhookHealthCard({ companyId }: { companyId: string }) {
  const t = useTranslations("webhooks.health");
  const health = useQuery({
    queryKey: [`/api/dashboard/companies/${companyId}/overview/webhooks`],
    queryFn: () => apiFetch<WebhookHealth>(`/api/dashboard/companies/${encodeURIComponent(companyId)}/overview/webhooks`),
  });
  return (
    <QueryFrame query={health} loading={t("loading")}>
      {(data) => <WebhookHealthView companyId={companyId} health={data} />}
    </QueryFrame>
  );
}

function WebhookHealthView({ companyId, health }: { companyId: string; health: WebhookHealth }) {
  const t = useTranslations("webhooks.health");
  const statuses = useTranslations("enums.deliveryStatus");
  const { endpoints, last7Days } = health;
  const range = { from: short(last7Days.from), to: short(last7Days.to), pending: last7Days.pending };
  const summary =
    last7Days.succeeded + last7Days.failed === 0
      ? t("summaryNone", range)
      : t("summary", { ...range, rate: String(last7Days.successRate).replace(".", ","), settled: last7Days.succeeded + last7Days.failed, succeeded: last7Days.succeeded, failed: last7Days.failed });
  const rows = last7Days.days.map((d) => ({ day: short(d.date), succeeded: d.succeeded, failed: d.failed, pending: d.pending }));
  return (
    <section aria-labelledby="webhook-health-title" data-testid="webhook-health" className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 lg:grid-cols-2">
      <div>
        <h2 id="webhook-health-title" className="text-base font-semibold">
          {t("title")}
        </h2>
        <h3 className="mt-2 text-sm font-medium text-slate-700">{t("attention")}</h3>
        {health.endpointCount === 0 ? (
          <p className="mt-1 text-sm text-slate-600">{t("noEndpoints")}</p>
        ) : endpoints.length === 0 ? (
          <p className="mt-1 text-sm text-emerald-800">{t("allHealthy")}</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm">
            {endpoints.map((e) => (
              <li key={e.id} data-testid="webhook-attention" className={e.isActive ? "text-amber-800" : "text-red-700"}>
                <span className="break-all font-mono text-xs">{e.url}</span> — {!e.isActive
                  ? t("disabled", { reason: e.disabledReason ?? t("noReason"), when: formatDateTime(e.disabledAt) })
                  : [e.consecutiveFailures > 0 && t("failing", { count: e.consecutiveFailures }), e.retryingDeliveries > 0 && t("retrying", { deliveries: e.retryingDeliveries, attempts: e.retryingAttempts })].filter(Boolean).join("; ")}
              </li>
            ))}
          </ul>
        )}
        <Link href={webhooksPage(companyId, "/endpoints")} className="mt-2 inline-block text-xs text-indigo-700 hover:underline">
          {t("open")}
        </Link>
      </div>
      <div>
        <h3 className="text-sm font-medium text-slate-700">{t("chartTitle")}</h3>
        <p className="mt-1 text-sm text-slate-600" data-testid="webhook-rate-summary">
          {summary}
        </p>
        <div className="mt-2 h-44" role="img" aria-label={summary}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 4, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
              <XAxis dataKey="day" tick={{ fontSize: 11, fill: "#475569" }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: "#475569" }} />
              <Tooltip cursor={{ fill: "#f1f5f9" }} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar dataKey="succeeded" name={statuses("SUCCEEDED")} stackId="d" fill="#10b981" isAnimationActive={false} />
              <Bar dataKey="failed" name={statuses("FAILED")} stackId="d" fill="#ef4444" isAnimationActive={false} />
              <Bar dataKey="pending" name={statuses("PENDING")} stackId="d" fill="#f59e0b" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-slate-600">{t("showTable")}</summary>
          <table className="mt-2 w-full text-left text-xs">
            <thead className="text-slate-500">
              <tr>
                {[t("day"), statuses("SUCCEEDED"), statuses("FAILED"), statuses("PENDING"), t("rate")].map((c) => (
                  <th key={c} className="py-1 pr-2 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {last7Days.days.map((d) => (
                <tr key={d.date} className="border-t border-slate-100 tabular-nums">
                  <td className="py-1 pr-2">{short(d.date)}</td>
                  <td className="py-1 pr-2">{d.succeeded}</td>
                  <td className="py-1 pr-2">{d.failed}</td>
                  <td className="py-1 pr-2">{d.pending}</td>
                  <td className="py-1 pr-2">{d.successRate === null ? "—" : `${String(d.successRate).replace(".", ",")} %`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>
    </section>
  );
}
