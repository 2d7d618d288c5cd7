"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { STICKY_LAST_COLUMN } from "@/components/dashboard/table-styles";
import { useErrorMessage } from "@/components/i18n/use-error-message";

/**
 * The states every panel over one query shows: loading, the error in the
 * user's language with a retry, an empty state, then the data.
 */
export function QueryFrame<T>({ query, loading, isEmpty, empty, children }: {
  query: UseQueryResult<T>;
  /** Defaults to the catalogue's "Carregando…". */
  loading?: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  if (query.isPending) return <p className="text-sm text-slate-500">{loading ?? common("loading")}</p>;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(query.error)}{" "}
        <button type="button" className="underline" onClick={() => void query.refetch()}>
          {common("retry")}
        </button>
      </p>
    );
  }
  if (isEmpty?.(query.data)) return <p className="rounded-md border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">{empty}</p>;
  return <>{children(query.data)}</>;
}

/** Pinned last column below 1024 px: components/dashboard/table-styles.ts (server pages import it from there). */
export { STICKY_LAST_COLUMN };

/**
 * A bordered table with its column headers; rows are the children.
 * `stickyLastColumn`: the last column holds the row's actions (default: when `actionsHeader` is given).
 */
export function DataTable({ headers, actionsHeader, children, testId, stickyLastColumn = !!actionsHeader }: { headers: (string | { label: string; className?: string })[]; actionsHeader?: string; children: ReactNode; testId?: string; stickyLastColumn?: boolean }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" data-testid={testId}>
      <table className={`min-w-full divide-y divide-slate-200 text-left text-sm ${stickyLastColumn ? STICKY_LAST_COLUMN : ""}`}>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            {headers.map((header) => {
              const { label, className = "" } = typeof header === "string" ? { label: header } : header;
              return (
                <th key={label} className={`px-3 py-2 font-medium ${className}`}>
                  {label}
                </th>
              );
            })}
            {actionsHeader && <th className="px-3 py-2" aria-label={actionsHeader} />}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** Previous / "Página n de m" / next under a paginated list. */
export function Pager({ page, totalPages, onPage, extra }: { page: number; totalPages: number; onPage: (page: number) => void; extra?: string }) {
  const common = useTranslations("common");
  return (
    <div className="flex items-center gap-3 text-sm text-slate-600">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className="rounded border border-slate-300 bg-white px-2 py-1 disabled:opacity-40">
        {common("previous")}
      </button>
      <span>
        {common("pageOf", { page, totalPages: Math.max(1, totalPages) })}
        {extra ? ` · ${extra}` : ""}
      </span>
      <button type="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)} className="rounded border border-slate-300 bg-white px-2 py-1 disabled:opacity-40">
        {common("next")}
      </button>
    </div>
  );
}
