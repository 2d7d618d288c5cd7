import { getTranslations } from "next-intl/server";
import { formatDateTime } from "@/components/dashboard/format";
import { TABLE_SCROLL_BOX, WIDE_TABLE } from "@/components/dashboard/table-styles";
import { isStateCode, stateInfo } from "@/lib/br/states";
import { InutilizationForm, type SuggestedRange } from "@/components/inutilizations/inutilization-form";
import { canWrite } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { listInutilizations } from "@/lib/inutilizations/list-inutilizations";
import { listUnusedNumbers } from "@/lib/numbering";

export const dynamic = "force-dynamic";

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2";
const STATUS_CLASS: Record<string, string> = { AUTHORIZED: "text-emerald-700", REJECTED: "text-red-700", PENDING: "text-amber-700" };

export default async function InutilizationsPage({ params, searchParams }: { params: Promise<{ companyId: string }>; searchParams: Promise<{ page?: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const t = await getTranslations("inutilizations");
  const statuses = await getTranslations("enums.inutilizationStatus");
  const origins = await getTranslations("inutilizations.origins");
  const timeZone = isStateCode(company.state) ? stateInfo(company.state).timezone : "America/Sao_Paulo";
  const page = Math.max(1, Number((await searchParams).page) || 1);
  const [records, unused] = await Promise.all([listInutilizations(company.id, { page, pageSize: 50 }), listUnusedNumbers(company.id)]);
  const suggestions: SuggestedRange[] = unused
    .filter((group) => group.environment === company.environment)
    .flatMap((group) => group.ranges.map((range) => ({ model: String(group.model) === "65" ? ("65" as const) : ("55" as const), series: group.series, ...range })));

  const home = await getTranslations("home");
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t("intro")}
        </p>
      </div>
      {canWrite(user.role) ? (
        <InutilizationForm companyId={company.id} suggestions={suggestions} />
      ) : (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{home("readOnlyInutilizations")}</p>
      )}
      {/* The status last: pinned at the right edge while a tablet scrolls the table. */}
      <div className={TABLE_SCROLL_BOX}>
        <table aria-label={t("records")} className={WIDE_TABLE}>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className={th}>{t("columns.declared")}</th>
              <th className={th}>{t("columns.modelSeries")}</th>
              <th className={th}>{t("columns.numbers")}</th>
              <th className={th}>{t("columns.year")}</th>
              <th className={th}>{t("columns.protocol")}</th>
              <th className={th}>{t("columns.justification")}</th>
              <th className={th}>{t("columns.origin")}</th>
              <th className={th}>{t("columns.status")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {records.data.length === 0 && (
              <tr>
                <td className={`${td} text-slate-500`} colSpan={8}>{t("empty")}</td>
              </tr>
            )}
            {records.data.map((record) => (
              <tr key={record.id}>
                <td className={td}>{formatDateTime(record.createdAt, timeZone)}</td>
                <td className={td}>{record.model} / {record.series}</td>
                <td className={`${td} font-mono`}>{record.startNumber === record.endNumber ? record.startNumber : `${record.startNumber}–${record.endNumber}`}</td>
                <td className={td}>{record.year}</td>
                <td className={`${td} min-w-40`}>{record.protocol ?? (record.rejectionReason ? `${record.cStat} - ${record.rejectionReason}` : "—")}</td>
                <td className={`${td} min-w-48 text-slate-600`}>{record.justification}</td>
                <td className={td}>{origins(record.origin)}</td>
                <td className={`${td} whitespace-nowrap ${STATUS_CLASS[record.status] ?? ""}`}>{statuses(record.status as "PENDING" | "AUTHORIZED" | "REJECTED")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {records.meta.totalPages > 1 && (
        <p className="text-sm text-slate-600">
          {t("pageOf", { page: records.meta.page, totalPages: records.meta.totalPages })} ·{" "}
          {page > 1 && <a className="underline" href={`?page=${page - 1}`}>{t("previous")}</a>} {page < records.meta.totalPages && <a className="underline" href={`?page=${page + 1}`}>{t("next")}</a>}
        </p>
      )}
    </div>
  );
}
