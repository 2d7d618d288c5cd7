"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import type { Page } from "@/lib/api/pagination";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";

export type Column<T> = { header: string; cell: (row: T) => ReactNode; className?: string };

/**
 * A searchable, paginated table over one of the register list routes. The
 * query key is the URL, so mutations refresh it with invalidateQueries on the base.
 */
export function ResourceTable<T extends { id: string }>({
  url, columns, label, filters, emptyText, rowTestId, actions,
}: {
  url: string;
  columns: Column<T>[];
  label: string;
  filters?: Record<string, string>;
  emptyText: string;
  rowTestId: string;
  actions?: (row: T) => ReactNode;
}) {
  const t = useTranslations("registers");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const params = new URLSearchParams({ page: String(page), pageSize: "20" });
  if (search.trim()) params.set("search", search.trim());
  for (const [key, value] of Object.entries(filters ?? {})) if (value) params.set(key, value);
  const query = useQuery({ queryKey: [url, params.toString()], queryFn: () => apiFetch<Page<T>>(`${url}?${params}`) });

  return (
    <div className="space-y-3">
      <input
        type="search"
        aria-label={t("search", { label })}
        placeholder={t("searchPlaceholder", { label })}
        value={search}
        onChange={(event) => { setSearch(event.target.value); setPage(1); }}
        className="w-72 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
      />
      {query.isPending ? (
        <p className="text-sm text-slate-500">{common("loading")}</p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-700">{errorMessage(query.error)}</p>
      ) : query.data.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-center text-sm text-slate-500">{search.trim() ? t("noMatch") : emptyText}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  {columns.map((c) => <th key={c.header} className={`px-3 py-2 font-medium ${c.className ?? ""}`}>{c.header}</th>)}
                  {actions && <th className="px-3 py-2" aria-label={common("actions")} />}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {query.data.data.map((row) => (
                  <tr key={row.id} data-testid={rowTestId} className="align-top hover:bg-slate-50">
                    {columns.map((c) => <td key={c.header} className={`px-3 py-2 ${c.className ?? ""}`}>{c.cell(row)}</td>)}
                    {actions && <td className="px-3 py-2 text-right">{actions(row)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex items-center gap-3 text-sm text-slate-600">
            <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} className="rounded border px-2 py-1 disabled:opacity-40">{common("previous")}</button>
            <span>{common("pageOf", { page: query.data.meta.page, totalPages: Math.max(1, query.data.meta.totalPages) })} · {t("total", { count: query.data.meta.total })}</span>
            <button type="button" disabled={page >= query.data.meta.totalPages} onClick={() => setPage((p) => p + 1)} className="rounded border px-2 py-1 disabled:opacity-40">{common("next")}</button>
          </div>
        </>
      )}
    </div>
  );
}
