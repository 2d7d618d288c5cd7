"use client";

import { useQuery } from "@tanstack/react-query";
import { useTimeZone, useTranslations } from "next-intl";
import Link from "@/components/dashboard/link";
import { useState } from "react";
import { DateInput } from "@/components/dashboard/date-input";
import { TABLE_SCROLL_BOX, WIDE_TABLE } from "@/components/dashboard/table-styles";
import { formatDateTime } from "@/components/dashboard/format";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import type { Page } from "@/lib/contracts/pagination";
import { apiFetch } from "@/lib/client/api-fetch";
import type { DocumentFormOptions } from "@/lib/documents/dashboard-contracts";
import type { DocumentSummary } from "@/lib/documents/response-schemas";
import { formatMoney } from "./money";
import { DocumentStatusBadge } from "./status-badge";

type Filters = { status: string; type: string; environment: string; from: string; to: string; clientId: string };
const EMPTY: Filters = { status: "", type: "", environment: "ALL", from: "", to: "", clientId: "" };
// One height for selects and typed dates, so the filter row lines up.
const select = "h-8 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";
const STATUSES = ["DRAFT", "PROCESSING", "AUTHORIZED", "REJECTED", "CANCELLED", "DENIED", "INUTILIZED", "CONTINGENCY"] as const;
const TYPES = ["NFE", "NFCE", "NFSE"] as const;

export function DocumentsListPanel({ companyId }: { companyId: string }) {
  const t = useTranslations("documentsList");
  const common = useTranslations("common");
  const e = useTranslations("enums");
  const errorMessage = useErrorMessage();
  const timeZone = useTimeZone();
  const base = `/api/dashboard/companies/${encodeURIComponent(companyId)}/documents`;
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  // "Limpar" also clears a date typed halfway (the filters only hold whole dates): new inputs.
  const [cleared, setCleared] = useState(0);
  const params = new URLSearchParams({ page: String(page), pageSize: "20" });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const url = `${base}?${params}`;
  const documents = useQuery({ queryKey: [url], queryFn: () => apiFetch<Page<DocumentSummary>>(url) });
  const options = useQuery({ queryKey: [`${base}/form-options`], queryFn: () => apiFetch<DocumentFormOptions>(`${base}/form-options`) });
  const setValue = (key: keyof Filters) => (value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setValue(key)(event.target.value);
  const filtered = Object.entries(filters).some(([key, value]) => value !== EMPTY[key as keyof Filters]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3" role="search" aria-label={t("filters")}>
        <label className="text-xs text-slate-600">
          {t("status")}
          <select value={filters.status} onChange={set("status")} className={`${select} mt-1 block`}>
            <option value="">{common("all")}</option>
            {STATUSES.map((s) => <option key={s} value={s}>{e(`documentStatus.${s}`)}</option>)}
          </select>
        </label>
        <label className="text-xs text-slate-600">
          {t("type")}
          <select value={filters.type} onChange={set("type")} className={`${select} mt-1 block`}>
            <option value="">{common("all")}</option>
            {TYPES.map((s) => <option key={s} value={s}>{e(`documentType.${s}`)}</option>)}
          </select>
        </label>
        <label className="text-xs text-slate-600">
          {t("environment")}
          <select value={filters.environment} onChange={set("environment")} className={`${select} mt-1 block`}>
            <option value="ALL">{e("environment.ALL")}</option>
            <option value="PRODUCTION">{e("environment.PRODUCTION")}</option>
            <option value="HOMOLOGATION">{e("environment.HOMOLOGATION")}</option>
          </select>
        </label>
        <label className="text-xs text-slate-600">
          {t("issuedFrom")}
          <DateInput key={`from-${cleared}`} value={filters.from} onChange={setValue("from")} className={`${select} mt-1 block w-32`} />
        </label>
        <label className="text-xs text-slate-600">
          {t("issuedTo")}
          <DateInput key={`to-${cleared}`} value={filters.to} onChange={setValue("to")} className={`${select} mt-1 block w-32`} />
        </label>
        <label className="text-xs text-slate-600">
          {t("client")}
          <select value={filters.clientId} onChange={set("clientId")} className={`${select} mt-1 block max-w-56`}>
            <option value="">{common("all")}</option>
            {options.data?.clients.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </label>
        <button type="button" onClick={() => { setFilters(EMPTY); setPage(1); setCleared((n) => n + 1); }} className="rounded-md px-2 py-1.5 text-sm text-slate-600 hover:bg-slate-100">
          {common("clear")}
        </button>
      </div>
      {documents.isPending ? (
        <p className="text-sm text-slate-500">{common("loading")}</p>
      ) : documents.isError ? (
        <p role="alert" className="text-sm text-red-700">{errorMessage(documents.error)} {t("retryHint")}</p>
      ) : documents.data.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-500" data-testid="documents-empty">{filtered ? t("emptyFiltered") : t("empty")}</p>
      ) : (
        <>
          {/* Tighter cells below 1024 px so the status column stays in view beside the sidebar; pinned when a long name still pushes it out. */}
          <div className={TABLE_SCROLL_BOX}>
            <table className={WIDE_TABLE}>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="px-2 py-2 lg:px-3 font-medium">{t("issued")}</th>
                  <th className="px-2 py-2 lg:px-3 font-medium">{t("type")}</th>
                  <th className="px-2 py-2 lg:px-3 font-medium">{t("numberSeries")}</th>
                  <th className="px-2 py-2 lg:px-3 font-medium">{t("client")}</th>
                  <th className="px-2 py-2 lg:px-3 text-right font-medium">{t("total")}</th>
                  <th className="px-2 py-2 lg:px-3 font-medium">{t("status")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {documents.data.data.map((d) => (
                  <tr key={d.id} data-testid="document-row" className="hover:bg-slate-50">
                    <td className="px-2 py-2 lg:whitespace-nowrap lg:px-3">
                      <Link href={`/dashboard/c/${companyId}/documents/${d.id}`} className="text-indigo-700 hover:underline">{formatDateTime(d.issueDateTime, timeZone)}</Link>
                    </td>
                    <td className="whitespace-nowrap px-2 py-2 lg:px-3">{e(`documentType.${d.type}`)}</td>
                    <td className="px-2 py-2 lg:px-3 tabular-nums">{d.number === 0 ? "—" : t("numberSeriesValue", { number: d.number, series: d.series ?? "—" })}</td>
                    <td className="px-2 py-2 lg:px-3">{d.client.name || t("unidentifiedConsumer")}</td>
                    <td className="whitespace-nowrap px-2 py-2 lg:px-3 text-right tabular-nums">{formatMoney(d.totalValue)}</td>
                    <td className="px-2 py-2 lg:px-3"><DocumentStatusBadge status={d.status} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex items-center gap-3 text-sm text-slate-600">
            <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} className="rounded border px-2 py-1 disabled:opacity-40">{common("previous")}</button>
            <span>{common("pageOf", { page: documents.data.meta.page, totalPages: Math.max(1, documents.data.meta.totalPages) })} · {t("count", { count: documents.data.meta.total })}</span>
            <button type="button" disabled={page >= documents.data.meta.totalPages} onClick={() => setPage((p) => p + 1)} className="rounded border px-2 py-1 disabled:opacity-40">{common("next")}</button>
          </div>
        </>
      )}
    </div>
  );
}
