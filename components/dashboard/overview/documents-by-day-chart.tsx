"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { CompanyOverview } from "@/lib/overview/contracts";
import { CHART_STATUS_ORDER, STATUS_STYLE } from "./status-colors";

const TEXT = {
  title: "Documents per day, last 30 days",
  summary: (total: number, from: string, to: string) => `${total} document${total === 1 ? "" : "s"} created between ${shortDate(from)} and ${shortDate(to)}, stacked by current status.`,
  showTable: "Show the figures as a table",
  day: "Day",
  total: "Total",
  empty: "No documents in the last 30 days.",
};

/** "2026-11-23" → "23/11". */
function shortDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`;
}

export function DocumentsByDayChart({ last30Days }: { last30Days: CompanyOverview["last30Days"] }) {
  const rows = last30Days.days.map((day) => ({ day: shortDate(day.date), ...day.counts }));
  const summary = TEXT.summary(last30Days.total, last30Days.from, last30Days.to);
  return (
    <section aria-labelledby="documents-by-day-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="documents-by-day-title" className="text-base font-semibold">
        {TEXT.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600" id="documents-by-day-summary">
        {summary}
      </p>
      {last30Days.total === 0 ? (
        <p className="mt-4 text-sm text-slate-500">{TEXT.empty}</p>
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
                <Bar key={status} dataKey={status} name={STATUS_STYLE[status].label} stackId="status" fill={STATUS_STYLE[status].color} isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-slate-600">{TEXT.showTable}</summary>
        <table className="mt-2 w-full text-left text-xs" data-testid="documents-by-day-table">
          <thead className="text-slate-500">
            <tr>
              <th className="py-1 pr-2 font-medium">{TEXT.day}</th>
              {CHART_STATUS_ORDER.map((status) => (
                <th key={status} className="py-1 pr-2 text-right font-medium">
                  {STATUS_STYLE[status].label}
                </th>
              ))}
              <th className="py-1 text-right font-medium">{TEXT.total}</th>
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
