import { getLocale, getTranslations } from "next-intl/server";
import type { StatusResponse } from "@/lib/status/schemas";
import { figureFormat } from "./figure-format";

// The public status page's two tables (app/status/page.tsx): server components, text from the
// catalogues (publicStatus.*).

type Api = StatusResponse["api"];
type Window = Api["lastHour"];
type Check = Window["objectives"]["p50Ms"];

const CONDITION_CLASSES: Record<StatusResponse["authorizers"][number]["condition"], string> = {
  operational: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  outage: "bg-red-50 text-red-800 ring-red-200",
  unreachable: "bg-red-50 text-red-800 ring-red-200",
  unknown: "bg-slate-100 text-slate-700 ring-slate-200",
};

export async function ApiFiguresTable({ api, timeZone }: { api: Api; timeZone: string }) {
  const t = await getTranslations("publicStatus");
  const { ms, percent, count } = figureFormat(await getLocale(), timeZone);
  const cell = (check: Check, text: string) => {
    const tone = check.met === false ? "text-red-700 font-semibold" : check.met === true ? "text-emerald-700" : "text-slate-700";
    const note = check.met === false ? t("missed") : check.met === true ? t("met") : t("notJudged");
    return (
      <td className={`px-3 py-2 ${tone}`} data-met={check.met === null ? "unjudged" : String(check.met)}>
        {text} <span className="text-xs font-normal text-slate-500">({note})</span>
      </td>
    );
  };
  const rows: { label: string; objective: string; hour: [Check, string]; day: [Check, string] }[] = [
    { label: t("p50"), objective: `≤ ${ms(api.objectives.p50Ms)}`, hour: [api.lastHour.objectives.p50Ms, ms(api.lastHour.p50Ms)], day: [api.lastDay.objectives.p50Ms, ms(api.lastDay.p50Ms)] },
    { label: t("p99"), objective: `≤ ${ms(api.objectives.p99Ms)}`, hour: [api.lastHour.objectives.p99Ms, ms(api.lastHour.p99Ms)], day: [api.lastDay.objectives.p99Ms, ms(api.lastDay.p99Ms)] },
    { label: t("errorRate"), objective: `≤ ${percent(api.objectives.errorRate)}`, hour: [api.lastHour.objectives.errorRate, percent(api.lastHour.errorRate)], day: [api.lastDay.objectives.errorRate, percent(api.lastDay.errorRate)] },
  ];
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full text-sm">
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="px-3 py-2">{t("figure")}</th>
            <th className="px-3 py-2">{t("lastHour")}</th>
            <th className="px-3 py-2">{t("lastDay")}</th>
            <th className="px-3 py-2">{t("objective")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          <tr>
            <td className="px-3 py-2">{t("requests")}</td>
            <td className="px-3 py-2">{count(api.lastHour.requests)}</td>
            <td className="px-3 py-2">{count(api.lastDay.requests)}</td>
            <td className="px-3 py-2 text-slate-500">—</td>
          </tr>
          {rows.map((row) => (
            <tr key={row.label}>
              <td className="px-3 py-2">{row.label}</td>
              {cell(...row.hour)}
              {cell(...row.day)}
              <td className="px-3 py-2 text-slate-600">{row.objective}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export async function AuthorizersTable({ authorizers, timeZone }: { authorizers: StatusResponse["authorizers"]; timeZone: string }) {
  const t = await getTranslations("publicStatus");
  const { ms, count, shortDateTime } = figureFormat(await getLocale(), timeZone);
  if (authorizers.length === 0) return <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">{t("noAuthorizers")}</p>;
  const time = (iso: string | null) => (iso ? shortDateTime(iso) : t("never"));
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full text-sm">
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="px-3 py-2">{t("authorizer")}</th>
            <th className="px-3 py-2">{t("model")}</th>
            <th className="px-3 py-2">{t("environment")}</th>
            <th className="px-3 py-2">{t("condition")}</th>
            <th className="px-3 py-2">{t("lastAnswer")}</th>
            <th className="px-3 py-2 text-right">{t("calls")}</th>
            <th className="px-3 py-2 text-right">{t("callP50")}</th>
            <th className="px-3 py-2 text-right">{t("callP99")}</th>
            <th className="px-3 py-2 text-right">{t("inContingency")}</th>
            <th className="px-3 py-2 text-right">{t("pauses")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {authorizers.map((row) => (
            <tr key={`${row.authorizer}-${row.model}-${row.environment}`} data-authorizer={row.authorizer} data-condition={row.condition}>
              <td className="px-3 py-2 font-medium">
                {row.authorizer}
                {row.contingencyAuthorizer && <span className="ml-1 text-xs font-normal text-slate-500">{t("svc")}</span>}
              </td>
              <td className="px-3 py-2">{t(`models.${row.model}`)}</td>
              <td className="px-3 py-2">
                {t(`environments.${row.environment}`)}
                {row.via === "simulator" && <span className="ml-1 text-xs text-slate-500">({t("simulator")})</span>}
              </td>
              <td className="px-3 py-2">
                <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${CONDITION_CLASSES[row.condition]}`}>{t(`conditions.${row.condition}`)}</span>
                {row.outageSince && <span className="ml-1 text-xs text-red-700">{t("outageSince", { time: time(row.outageSince) })}</span>}
              </td>
              <td className="px-3 py-2 text-slate-600">
                {time(row.checkedAt)}
                {row.cStat && <span className="ml-1 text-xs text-slate-500" title={row.reason ?? undefined}>{row.cStat}</span>}
              </td>
              <td className="px-3 py-2 text-right">{count(row.lastHour.calls)}</td>
              <td className="px-3 py-2 text-right">{ms(row.lastHour.p50Ms)}</td>
              <td className="px-3 py-2 text-right">{ms(row.lastHour.p99Ms)}</td>
              <td className="px-3 py-2 text-right">{row.companiesInContingency}</td>
              <td className="px-3 py-2 text-right">{row.misusePauses}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
