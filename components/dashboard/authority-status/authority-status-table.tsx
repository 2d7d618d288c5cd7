import type { ServiceStatusCheck } from "@/lib/authority/service-status";
import { formatDateTime } from "@/components/dashboard/format";

function StatusCell({ check }: { check: ServiceStatusCheck }) {
  const { result } = check;
  if (result.kind === "authorized") {
    return <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800">In operation</span>;
  }
  if (result.kind === "refused") {
    return <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800">Refused</span>;
  }
  return <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">Unavailable</span>;
}

function detailOf(check: ServiceStatusCheck): string {
  const { result } = check;
  if (result.kind === "authorized") {
    const average = result.averageSeconds === undefined ? "" : ` · average ${result.averageSeconds}s`;
    return `${result.cStat} ${result.reason}${average} · ${formatDateTime(result.checkedAt)}`;
  }
  if (result.kind === "refused") return `${result.cStat} ${result.reason}`;
  return result.reason;
}

export function AuthorityStatusTable({ checks }: { checks: ServiceStatusCheck[] }) {
  return (
    <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm">
      <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
        <tr>
          <th className="px-3 py-2">Model</th>
          <th className="px-3 py-2">Authorizer</th>
          <th className="px-3 py-2">Status</th>
          <th className="px-3 py-2">Answer</th>
          <th className="px-3 py-2 text-right">Time</th>
        </tr>
      </thead>
      <tbody>
        {checks.map((check) => (
          <tr key={`${check.model}-${check.contingency ?? "normal"}`} className="border-t border-slate-100 align-top" data-testid="authority-status-row">
            <td className="px-3 py-2">
              {check.model === 55 ? "NF-e (55)" : "NFC-e (65)"}
              {check.contingency && <span className="block text-xs text-slate-500">contingency {check.contingency}</span>}
            </td>
            <td className="px-3 py-2">
              {check.authorizer}
              <span className="block text-xs text-slate-500">{check.via === "simulator" ? "built-in simulator" : "SEFAZ"}</span>
              {check.url && <span className="block break-all font-mono text-[11px] text-slate-400">{check.url}</span>}
            </td>
            <td className="px-3 py-2">
              <StatusCell check={check} />
            </td>
            <td className="px-3 py-2 text-slate-700">{detailOf(check)}</td>
            <td className="px-3 py-2 text-right tabular-nums text-slate-500">{check.latencyMs} ms</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
