import { getTranslations } from "next-intl/server";
import { AutoInutilizeToggle } from "@/components/dashboard/numbering/auto-inutilize-toggle";
import { canWrite } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { env as config } from "@/lib/config/env";
import { listSeriesCounters, listUnusedNumbers } from "@/lib/numbering";

export const dynamic = "force-dynamic";

// 99: the DPS numbering of the NFS-e (nDPS per DPS series, lib/emission/nfse/prepare-nfse-emission.ts).
const MODEL_NAMES: Record<number, string> = { 55: "NF-e (55)", 65: "NFC-e (65)", 99: "NFS-e (DPS)" };
const th = "px-3 py-2 font-medium";
const td = "px-3 py-2";

export default async function NumberingPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const [series, unused] = await Promise.all([listSeriesCounters(company.id), listUnusedNumbers(company.id)]);
  const t = await getTranslations("numbering");
  const e = await getTranslations("enums");
  const env = (value: string) => e(`environment.${value as "PRODUCTION" | "HOMOLOGATION"}`);
  // Gaps in series that do not void them by themselves: the deadline is the 10th of the following month (Ajuste SINIEF 07/05).
  const manualGaps = unused.filter((g) => g.environment === company.environment && !series.some((s) => s.model === g.model && s.series === g.series && s.environment === g.environment && s.autoInutilize));
  const status = (value: string) => (e.has(`documentStatus.${value as "DRAFT"}`) ? e(`documentStatus.${value as "DRAFT"}`).toLowerCase() : value.toLowerCase());
  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t("intro")}
        </p>
      </div>
      <section>
        <h2 className="mb-2 text-base font-semibold">{t("series")}</h2>
        <p className="mb-2 text-sm text-slate-600">{t("autoInutilizeHint", { hours: config().AUTO_INUTILIZATION_MARGIN_HOURS })}</p>
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table aria-label={t("series")} className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className={th}>{t("model")}</th>
                <th className={th}>{t("seriesColumn")}</th>
                <th className={th}>{t("environment")}</th>
                <th className={th}>{t("nextNumber")}</th>
                <th className={th}>{t("autoInutilize")}</th>
                <th className={th}></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {series.map((s) => (
                <tr key={`${s.environment}-${s.model}-${s.series}`}>
                  <td className={td}>{MODEL_NAMES[s.model]}</td>
                  <td className={td}>{s.series}</td>
                  <td className={td}>{env(s.environment)}</td>
                  <td className={`${td} font-mono`}>{s.nextNumber}</td>
                  <td className={td}>
                    {s.model !== 99 && s.environment === company.environment ? (
                      <AutoInutilizeToggle companyId={company.id} model={s.model === 65 ? "65" : "55"} series={s.series} enabled={s.autoInutilize} canWrite={canWrite(user.role)} />
                    ) : (
                      <span className="text-xs text-slate-400">—</span>
                    )}
                  </td>
                  <td className={`${td} text-xs text-slate-500`}>{s.isDefault ? t("default") : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section>
        <h2 className="mb-2 text-base font-semibold">{t("awaiting")}</h2>
        <p className="mb-2 text-sm text-slate-600">{t("awaitingIntro")}</p>
        {manualGaps.length > 0 && <p role="status" className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">{t("deadlineWarning")}</p>}
        {unused.length === 0 ? (
          <p className="text-sm text-slate-500">{t("none")}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table aria-label={t("unused")} className="min-w-full divide-y divide-slate-200 text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className={th}>{t("model")}</th>
                  <th className={th}>{t("seriesColumn")}</th>
                  <th className={th}>{t("environment")}</th>
                  <th className={th}>{t("ranges")}</th>
                  <th className={th}>{t("documents")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {unused.map((group) => (
                  <tr key={`${group.environment}-${group.model}-${group.series}`}>
                    <td className={td}>{MODEL_NAMES[group.model]}</td>
                    <td className={td}>{group.series}</td>
                    <td className={td}>{env(group.environment)}</td>
                    <td className={`${td} font-mono`}>{group.ranges.map((r) => (r.startNumber === r.endNumber ? r.startNumber : `${r.startNumber}–${r.endNumber}`)).join(", ")}</td>
                    <td className={`${td} text-xs`}>{group.numbers.map((n) => `${n.number} (${status(n.status)})`).join(", ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
