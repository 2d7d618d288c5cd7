import Link from "@/components/dashboard/link";
import { getTranslations } from "next-intl/server";
import { formatDate, formatDateTime } from "@/components/dashboard/format";
import { TABLE_SCROLL_BOX, WIDE_TABLE } from "@/components/dashboard/table-styles";
import { canWrite } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { isStateCode, stateInfo } from "@/lib/br/states";
import { listRecordedOpenTransportManifests, listTransportManifests } from "@/lib/mdfe";
import type { TransportManifestResponse } from "@/lib/mdfe/schemas";

export const dynamic = "force-dynamic";

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2";
const STATUS_CLASS: Record<TransportManifestResponse["status"], string> = {
  PROCESSING: "text-amber-700",
  AUTHORIZED: "text-emerald-700",
  REJECTED: "text-red-700",
  CLOSED: "text-slate-700",
  CANCELLED: "text-slate-500",
  CONTINGENCY: "text-amber-700",
};

/** Issue 55 item 6: the company's MDF-e, the open ones (AUTHORIZED, not closed nor cancelled) first. */
export default async function TransportManifestsPage({ params, searchParams }: { params: Promise<{ companyId: string }>; searchParams: Promise<{ page?: string }> }) {
  const { companyId } = await params;
  const { company, user } = await requireSessionCompany(companyId);
  const t = await getTranslations("transportManifests");
  const timeZone = isStateCode(company.state) ? stateInfo(company.state).timezone : "America/Sao_Paulo";
  const page = Math.max(1, Number((await searchParams).page) || 1);
  const [open, all] = await Promise.all([
    listRecordedOpenTransportManifests(company.id, { page: 1, pageSize: 100 }),
    listTransportManifests(company.id, { page, pageSize: 50 }),
  ]);
  const base = `/dashboard/c/${company.id}/transport-manifests`;

  const table = (label: string, rows: TransportManifestResponse[], empty: string) => (
    <div className={TABLE_SCROLL_BOX}>
      <table aria-label={label} className={WIDE_TABLE}>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className={th}>{t("columns.number")}</th>
            <th className={th}>{t("columns.route")}</th>
            <th className={th}>{t("columns.plate")}</th>
            <th className={th}>{t("columns.issued")}</th>
            <th className={th}>{t("columns.closed")}</th>
            <th className={th}>{t("columns.status")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 && (
            <tr>
              <td className={`${td} text-slate-500`} colSpan={6}>{empty}</td>
            </tr>
          )}
          {rows.map((m) => (
            <tr key={m.id}>
              <td className={td}>
                <Link className="font-mono underline" href={`${base}/${m.id}`} aria-label={`${t("open_link")} ${m.series}/${m.number}`}>
                  {m.series}/{m.number}
                </Link>
              </td>
              <td className={td}>{m.startState} → {m.endState}</td>
              <td className={`${td} font-mono`}>{m.vehiclePlate}</td>
              <td className={td}>{formatDateTime(m.issuedAt, timeZone)}</td>
              <td className={td}>{m.closedOn ? formatDate(m.closedOn, timeZone) : "—"}</td>
              <td className={`${td} whitespace-nowrap ${STATUS_CLASS[m.status]}`}>{t(`statuses.${m.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
        {canWrite(user.role) && (
          <Link href={`${base}/new`} className="mt-2 inline-block rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white">
            {t("new.link")}
          </Link>
        )}
      </div>
      <section className="space-y-2">
        <h2 className="font-semibold">{t("open")}</h2>
        {table(t("open"), open.data, t("emptyOpen"))}
      </section>
      <section className="space-y-2">
        <h2 className="font-semibold">{t("all")}</h2>
        {table(t("all"), all.data, t("empty"))}
        {all.meta.totalPages > 1 && (
          <p className="text-sm text-slate-600">
            {t("pageOf", { page: all.meta.page, totalPages: all.meta.totalPages })} ·{" "}
            {page > 1 && <a className="underline" href={`?page=${page - 1}`}>{t("previous")}</a>} {page < all.meta.totalPages && <a className="underline" href={`?page=${page + 1}`}>{t("next")}</a>}
          </p>
        )}
      </section>
    </div>
  );
}
