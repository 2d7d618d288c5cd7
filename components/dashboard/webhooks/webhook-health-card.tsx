"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import type { WebhookHealth } from "@/lib/webhooks/dashboard-contracts";
import { formatDateTime } from "../format";
import { webhooksPage } from "./labels";

const TEXT = {
  title: "Webhooks",
  loading: "Loading webhook health…",
  attention: "Endpoints that need attention",
  allHealthy: "Every webhook endpoint is active and its last deliveries succeeded.",
  disabled: (reason: string | null, when: string) => `Disabled: ${reason ?? "no reason recorded"} (${when})`,
  failing: (n: number) => `${n} failed deliver${n === 1 ? "y" : "ies"} in a row`,
  open: "Open endpoints",
  chartTitle: "Delivery success rate, last 7 days",
  summary: (h: WebhookHealth["last7Days"]) =>
    h.succeeded + h.failed === 0
      ? `No settled deliveries between ${short(h.from)} and ${short(h.to)}${h.pending ? ` (${h.pending} pending)` : ""}.`
      : `${h.successRate} % of ${h.succeeded + h.failed} settled deliveries succeeded between ${short(h.from)} and ${short(h.to)} (${h.succeeded} succeeded, ${h.failed} failed${h.pending ? `, ${h.pending} pending` : ""}).`,
  showTable: "Show the delivery figures as a table",
  columns: ["Day", "Succeeded", "Failed", "Pending", "Success rate"],
  succeeded: "Succeeded",
  failed: "Failed",
  pending: "Pending",
};

/** "2026-11-23" → "23/11". */
function short(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`;
}

/** The overview's webhook section: endpoints disabled or failing, and the last 7 days' delivery outcomes. */
export function WebhookHealthCard({ companyId }: { companyId: string }) {
  const health = useQuery({
    queryKey: [`/api/dashboard/companies/${companyId}/overview/webhooks`],
    queryFn: () => apiFetch<WebhookHealth>(`/api/dashboard/companies/${encodeURIComponent(companyId)}/overview/webhooks`),
  });
  if (health.isPending) return <p className="text-sm text-slate-500">{TEXT.loading}</p>;
  if (health.isError) return <p role="alert" className="text-sm text-red-700">{errorMessage(health.error)}</p>;
  const { endpoints, last7Days } = health.data;
  const summary = TEXT.summary(last7Days);
  const rows = last7Days.days.map((d) => ({ day: short(d.date), succeeded: d.succeeded, failed: d.failed, pending: d.pending }));
  return (
    <section aria-labelledby="webhook-health-title" data-testid="webhook-health" className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 lg:grid-cols-2">
      <div>
        <h2 id="webhook-health-title" className="text-base font-semibold">
          {TEXT.title}
        </h2>
        <h3 className="mt-2 text-sm font-medium text-slate-700">{TEXT.attention}</h3>
        {endpoints.length === 0 ? (
          <p className="mt-1 text-sm text-emerald-800">{TEXT.allHealthy}</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm">
            {endpoints.map((e) => (
              <li key={e.id} data-testid="webhook-attention" className={e.isActive ? "text-amber-800" : "text-red-700"}>
                <span className="break-all font-mono text-xs">{e.url}</span> — {e.isActive ? TEXT.failing(e.consecutiveFailures) : TEXT.disabled(e.disabledReason, formatDateTime(e.disabledAt))}
              </li>
            ))}
          </ul>
        )}
        <Link href={webhooksPage(companyId, "/endpoints")} className="mt-2 inline-block text-xs text-indigo-700 hover:underline">
          {TEXT.open}
        </Link>
      </div>
      <div>
        <h3 className="text-sm font-medium text-slate-700">{TEXT.chartTitle}</h3>
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
              <Bar dataKey="succeeded" name={TEXT.succeeded} stackId="d" fill="#10b981" isAnimationActive={false} />
              <Bar dataKey="failed" name={TEXT.failed} stackId="d" fill="#ef4444" isAnimationActive={false} />
              <Bar dataKey="pending" name={TEXT.pending} stackId="d" fill="#f59e0b" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-slate-600">{TEXT.showTable}</summary>
          <table className="mt-2 w-full text-left text-xs">
            <thead className="text-slate-500">
              <tr>
                {TEXT.columns.map((c) => (
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
                  <td className="py-1 pr-2">{d.successRate === null ? "—" : `${d.successRate} %`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>
    </section>
  );
}
