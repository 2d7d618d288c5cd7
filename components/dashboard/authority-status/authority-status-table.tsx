import { useTranslations } from "next-intl";
import type { ServiceStatusCheck } from "@/lib/authority/service-status";
import { formatDateTime } from "@/components/dashboard/format";

function StatusCell({ check }: { check: ServiceStatusCheck }) {
  const t = useTranslations("authorityStatus");
  const { result } = check;
  if (result.kind === "authorized") {
    return <span className="whitespace-nowrap rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800">{t("inOperation")}</span>;
  }
  if (result.kind === "refused") {
    return <span className="whitespace-nowrap rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800">{t("refused")}</span>;
  }
  return <span className="whitespace-nowrap rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">{t("unavailable")}</span>;
}

function detailOf(check: ServiceStatusCheck, timeZone?: string): string {
  const { result } = check;
  if (result.kind === "authorized") {
    const average = result.averageSeconds === undefined ? "" : ` · tMed ${result.averageSeconds} s`;
    return `${result.cStat} ${result.reason}${average} · ${formatDateTime(result.checkedAt, timeZone)}`;
  }
  if (result.kind === "refused") return `${result.cStat} ${result.reason}`;
  return result.reason;
}

export function AuthorityStatusTable({ checks, timeZone }: { checks: ServiceStatusCheck[]; timeZone?: string }) {
  const t = useTranslations("authorityStatus");
  return (
    <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm">
      <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
        <tr>
          <th className="px-3 py-2">{t("model")}</th>
          <th className="px-3 py-2">{t("authorizer")}</th>
          <th className="px-3 py-2">{t("status")}</th>
          <th className="px-3 py-2">{t("answer")}</th>
          <th className="px-3 py-2 text-right">{t("time")}</th>
        </tr>
      </thead>
      <tbody>
        {checks.map((check) => (
          <tr key={`${check.model}-${check.contingency ?? "normal"}`} className="border-t border-slate-100 align-top" data-testid="authority-status-row">
            <td className="px-3 py-2">
              {check.model === 55 ? "NF-e (55)" : "NFC-e (65)"}
              {check.contingency && <span className="block text-xs text-slate-500">{t("contingency", { name: check.contingency })}</span>}
            </td>
            <td className="px-3 py-2">
              {check.authorizer}
              <span className="block text-xs text-slate-500">{check.via === "simulator" ? t("simulator") : "SEFAZ"}</span>
              {check.url && <span className="block break-all font-mono text-[11px] text-slate-400">{check.url}</span>}
            </td>
            <td className="px-3 py-2">
              <StatusCell check={check} />
            </td>
            <td className="px-3 py-2 text-slate-700">
              {check.result.kind === "communication_failure" && !("cStat" in check.result && check.result.cStat) ? (
                <>
                  {/* No SEFAZ answer: a sentence in the reader's language; the client's technical reason (English) for support below. */}
                  {t("noAnswer")}
                  <span className="block break-words font-mono text-[11px] text-slate-400">{check.result.reason}</span>
                </>
              ) : (
                detailOf(check, timeZone)
              )}
            </td>
            <td className="px-3 py-2 text-right tabular-nums text-slate-500">
              {check.latencyMs} ms
              {check.fromCache && <span className="block text-xs" data-testid="status-from-cache">{t("fromCache")}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
