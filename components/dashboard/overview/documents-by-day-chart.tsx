"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { CompanyOverview } from "@/lib/overview/contracts";
import { useTranslations } from "next-intl";
import { CHART_STATUS_ORDER, STATUS_COLOR, dayAndMonth as shortDate } from "./status-colors";

export function DocumentsByDayChart({ last30Days }: { last30Days: CompanyOverview["last30Days"] }) {
  const t = useTranslations("overview.chart");
  const statuses = useTranslations("enums.documentStatus");
  const rows = last30Days.days.map((day) => ({ day: shortDate(day.date), ...day.counts }));
  const summary = t("summary", { count: last30Days.total, from: shortDate(last30Days.from), to: shortDate(last30Days.to) });
  return (
    <section aria-labelledby="documents-by-day-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="documents-by-day-title" className="text-base font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600" id="documents-by-day-summary">
        {summary}
      </p>
      {last30Days.total === 0 ? (
        <p className="mt-4 text-sm text-slate-500">{t("empty")}</p>
      ) : (
        // The SVG is described by the summary above; the table below carries every figure for screen readers.
        <div className="mt-3 h-64" role="img" aria-label={summary} data-testid="documents-by-day-chart">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 4, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
              <XAxis dataKey="day" tick={{ fontSize: 11, fill: "#475569" }} interval="preserveStartEnd" minTickGap={12} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: "#475569" }} />
              <Tooltip cursor={{ fill: "#f1f5f9" }} />
              <Legend wrapperStyle={{ fontSize: 12 }} formatter={(value: string) => <span className="text-slate-700">{value}</span>} />
              {CHART_STATUS_ORDER.map((status) => (
                <Bar key={status} dataKey={status} name={statuses(status)} stackId="status" fill={STATUS_COLOR[status]} isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-slate-600">{t("showTable")}</summary>
        <table className="mt-2 w-full text-left text-xs" data-testid="documents-by-day-table">
          <thead className="text-slate-500">
            <tr>
              <th className="py-1 pr-2 font-medium">{t("day")}</th>
              {CHART_STATUS_ORDER.map((status) => (
                <th key={status} className="py-1 pr-2 text-right font-medium">
                  {statuses(status)}
                </th>
              ))}
              <th className="py-1 text-right font-medium">{t("total")}</th>
            </tr>
          </thead>
          <tbody>
            {last30Days.days.map((day) => (
              <tr key={day.date} className="border-t border-slate-100">
                <td className="py-1 pr-2">{shortDate(day.date)}</td>
                {CHART_STATUS_ORDER.map((status) => (
                  <td key={status} className="py-1 pr-2 text-right tabular-nums">
                    {day.counts[status]}
                  </td>
                ))}
                <td className="py-1 text-right tabular-nums">{Object.values(day.counts).reduce((a, b) => a + b, 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
