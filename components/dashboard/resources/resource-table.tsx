"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import type { Page } from "@/lib/contracts/pagination";
import { DataTable, Pager, QueryFrame } from "./query-frame";
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
      <QueryFrame query={query} isEmpty={(data) => data.data.length === 0} empty={search.trim() ? t("noMatch") : emptyText}>
        {(data) => (
          <>
            <DataTable headers={columns.map((c) => ({ label: c.header, className: c.className }))} actionsHeader={actions ? common("actions") : undefined}>
              {data.data.map((row) => (
                <tr key={row.id} data-testid={rowTestId} className="align-top hover:bg-slate-50">
                  {columns.map((c) => <td key={c.header} className={`px-3 py-2 ${c.className ?? ""}`}>{c.cell(row)}</td>)}
                  {actions && <td className="px-3 py-2 text-right">{actions(row)}</td>}
                </tr>
              ))}
            </DataTable>
            <Pager page={data.meta.page} totalPages={data.meta.totalPages} onPage={setPage} extra={t("total", { count: data.meta.total })} />
          </>
        )}
      </QueryFrame>
    </div>
  );
}
