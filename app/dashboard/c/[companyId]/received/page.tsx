import Link from "@/components/dashboard/link";
import { getTranslations } from "next-intl/server";
import { NamedDateInput } from "@/components/dashboard/date-input";
import { formatCnpj, formatDate, formatDateTime } from "@/components/dashboard/format";
import { AccessKey } from "@/components/dashboard/access-key";
import { formatMoney } from "@/components/dashboard/documents/money";
import { TABLE_SCROLL_BOX, WIDE_TABLE } from "@/components/dashboard/table-styles";
import { ReceivedSelection } from "@/components/dashboard/received/selection-form";
import { ReceivedSyncButton } from "@/components/dashboard/received/sync-button";
import { canWrite } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { isStateCode, stateInfo } from "@/lib/br/states";
import { listReceivedDocuments } from "@/lib/received/queries";
import { receivedSyncStatus } from "@/lib/received/sync";
import { AUTHORITY_STATUSES, ListReceivedDocumentsQuery, MANIFESTATION_STATES, RECEIVED_DOCUMENT_TYPES } from "@/lib/received/schemas";
import { buttonClass } from "@/components/dashboard/button-styles";

export const dynamic = "force-dynamic";

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2";
const input = "mt-1 block rounded-md border border-slate-300 px-2 py-1 text-sm";
const STATUS_CLASS: Record<string, string> = { AUTHORIZED: "text-emerald-700", CANCELLED: "text-red-700", DENIED: "text-red-700" };

type Search = Record<string, string | undefined>;

/** "Notas recebidas": the NF-e and NFS-e issued to the company, with filters, totals and the ZIP of the selected XMLs. */
export default async function ReceivedDocumentsPage({ params, searchParams }: { params: Promise<{ companyId: string }>; searchParams: Promise<Search> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const t = await getTranslations("received");
  const search = await searchParams;
  const filters = { type: search.type, manifestation: search.manifestation, authorityStatus: search.authorityStatus, issuerDocument: search.issuerDocument, from: search.from, to: search.to, hasXml: search.hasXml };
  // Unreadable filters are dropped rather than failing the page.
  const parsed = ListReceivedDocumentsQuery.safeParse({ ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)), page: search.page ?? "1", pageSize: "50" });
  const query = parsed.success ? parsed.data : ListReceivedDocumentsQuery.parse({ pageSize: "50" });
  const timeZone = isStateCode(company.state) ? stateInfo(company.state).timezone : "America/Sao_Paulo";
  const [result, syncStatus] = await Promise.all([listReceivedDocuments(company.id, query), receivedSyncStatus(company.id)]);
  const pageLink = (page: number) => `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v) as [string, string][]), page: String(page) })}`;

  return (
    <div className="max-w-6xl space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold">{t("title")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
          <p className="mt-1 text-sm text-slate-700" data-testid="received-sync-status">
            {syncStatus.lastRunAt ? t("lastSync", { date: formatDateTime(syncStatus.lastRunAt, timeZone, "—", true) }) : t("neverSynced")} ·{" "}
            {syncStatus.nextAllowedAt ? t("nextSync", { date: formatDateTime(syncStatus.nextAllowedAt, timeZone, "—", true) }) : t("nextSyncNow")}
          </p>
          {syncStatus.nfseLastRunAt && (
            <p className="mt-1 text-sm text-slate-700" data-testid="received-nfse-sync-status">
              {t("lastNfseSync", { date: formatDateTime(syncStatus.nfseLastRunAt, timeZone, "—", true) })}
            </p>
          )}
        </div>
        {canWrite(user.role) && <ReceivedSyncButton companyId={company.id} timeZone={timeZone} />}
      </div>

      <form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3" aria-label={t("filters.apply")}>
        <label className="text-sm">
          <span className="text-slate-600">{t("filters.type")}</span>
          <select name="type" defaultValue={filters.type ?? ""} className={input}>
            <option value="">{t("filters.any")}</option>
            {RECEIVED_DOCUMENT_TYPES.map((type) => <option key={type} value={type}>{t(`type.${type}`)}</option>)}
          </select>
        </label>
        <label className="text-sm">
          <span className="text-slate-600">{t("filters.manifestation")}</span>
          <select name="manifestation" defaultValue={filters.manifestation ?? ""} className={input}>
            <option value="">{t("filters.any")}</option>
            {MANIFESTATION_STATES.map((state) => <option key={state} value={state}>{t(`manifestation.${state}`)}</option>)}
          </select>
        </label>
        <label className="text-sm">
          <span className="text-slate-600">{t("filters.authorityStatus")}</span>
          <select name="authorityStatus" defaultValue={filters.authorityStatus ?? ""} className={input}>
            <option value="">{t("filters.any")}</option>
            {AUTHORITY_STATUSES.map((status) => <option key={status} value={status}>{t(`authorityStatus.${status}`)}</option>)}
          </select>
        </label>
        <label className="text-sm">
          <span className="text-slate-600">{t("filters.issuerDocument")}</span>
          <input name="issuerDocument" defaultValue={filters.issuerDocument ?? ""} className={input} autoCapitalize="characters" />
        </label>
        <label className="text-sm">
          <span className="text-slate-600">{t("filters.from")}</span>
          <NamedDateInput name="from" defaultValue={filters.from ?? ""} className={`${input} w-32`} testId="received-from" />
        </label>
        <label className="text-sm">
          <span className="text-slate-600">{t("filters.to")}</span>
          <NamedDateInput name="to" defaultValue={filters.to ?? ""} className={`${input} w-32`} testId="received-to" />
        </label>
        <label className="text-sm">
          <span className="text-slate-600">{t("filters.hasXml")}</span>
          <select name="hasXml" defaultValue={filters.hasXml ?? ""} className={input}>
            <option value="">{t("filters.any")}</option>
            <option value="true">{t("filters.yes")}</option>
            <option value="false">{t("filters.no")}</option>
          </select>
        </label>
        <button type="submit" className={buttonClass("primary")}>{t("filters.apply")}</button>
        <Link href="?" className="text-sm text-indigo-700 hover:underline">{t("filters.clear")}</Link>
      </form>

      <p className="text-sm text-slate-700" data-testid="received-totals">
        {t("totals", { count: result.totals.count, value: formatMoney(result.totals.totalValue) })}
      </p>

      <ReceivedSelection companyId={company.id}>
        {/* The manifestation last, pinned at the right edge while a tablet scrolls the table; the key wraps by groups of four. */}
        <div className={TABLE_SCROLL_BOX}>
          <table aria-label={t("title")} className={WIDE_TABLE}>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className={th}><span className="sr-only">{t("columns.select")}</span></th>
                <th className={th}>{t("columns.issueDate")}</th>
                <th className={th}>{t("columns.issuer")}</th>
                <th className={th}>{t("columns.number")}</th>
                <th className={`${th} text-right`}>{t("columns.value")}</th>
                <th className={th}>{t("columns.operation")}</th>
                <th className={th}>{t("columns.authorityStatus")}</th>
                <th className={th}>{t("columns.xml")}</th>
                <th className={th}>{t("columns.manifestation")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {result.data.length === 0 && (
                <tr>
                  <td className={`${td} text-slate-500`} colSpan={9}>{t("empty")}</td>
                </tr>
              )}
              {result.data.map((document) => (
                <tr key={document.id}>
                  <td className={td}>
                    <input type="checkbox" name="selected" value={document.id} aria-label={`${t("columns.select")} ${document.accessKey}`} />
                  </td>
                  <td className={td}>{formatDate(document.issueDate, timeZone)}</td>
                  <td className={td}>
                    <div>{document.issuer.name}</div>
                    <div className="whitespace-nowrap font-mono text-xs text-slate-500">{formatCnpj(document.issuer.document)}</div>
                  </td>
                  <td className={`${td} min-w-40 max-w-48`}>
                    <div className="text-xs font-medium text-slate-600" data-testid="received-type">{t(`type.${document.type}`)}</div>
                    <AccessKey value={document.accessKey} href={`/dashboard/c/${company.id}/received/${document.id}`} />
                  </td>
                  <td className={`${td} whitespace-nowrap text-right`}>{formatMoney(document.totalValue)}</td>
                  <td className={td}>{t(`operation.${document.operation}`)}</td>
                  <td className={`${td} ${STATUS_CLASS[document.authorityStatus] ?? ""}`}>{t(`authorityStatus.${document.authorityStatus}`)}</td>
                  <td className={td}>{document.hasXml ? t("filters.yes") : t("filters.no")}</td>
                  <td className={td}>{document.type === "NFSE" ? "—" : t(`manifestation.${document.manifestation?.type ?? "PENDING"}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ReceivedSelection>

      {result.meta.totalPages > 1 && (
        <p className="text-sm text-slate-600">
          {t("pageOf", { page: result.meta.page, totalPages: result.meta.totalPages })} ·{" "}
          {result.meta.page > 1 && <a className="underline" href={pageLink(result.meta.page - 1)}>{t("previous")}</a>}{" "}
          {result.meta.page < result.meta.totalPages && <a className="underline" href={pageLink(result.meta.page + 1)}>{t("next")}</a>}
        </p>
      )}
    </div>
  );
}
