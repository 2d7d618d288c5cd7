"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatDateTime } from "@/components/dashboard/format";
import type { Page } from "@/lib/api/pagination";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import type { DocumentFormOptions } from "@/lib/documents/dashboard-contracts";
import type { DocumentSummary } from "@/lib/documents/response-schemas";
import { formatMoney } from "./money";
import { DocumentStatusBadge } from "./status-badge";

type Filters = { status: string; type: string; environment: string; from: string; to: string; clientId: string };
const EMPTY: Filters = { status: "", type: "", environment: "ALL", from: "", to: "", clientId: "" };
const select = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";

export function DocumentsListPanel({ companyId }: { companyId: string }) {
  const base = `/api/dashboard/companies/${encodeURIComponent(companyId)}/documents`;
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const params = new URLSearchParams({ page: String(page), pageSize: "20" });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const url = `${base}?${params}`;
  const documents = useQuery({ queryKey: [url], queryFn: () => apiFetch<Page<DocumentSummary>>(url) });
  const options = useQuery({ queryKey: [`${base}/form-options`], queryFn: () => apiFetch<DocumentFormOptions>(`${base}/form-options`) });
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => {
    setFilters((f) => ({ ...f, [key]: event.target.value }));
    setPage(1);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3" role="search" aria-label="Document filters">
        <label className="text-xs text-slate-600">
          Status
          <select aria-label="Status" value={filters.status} onChange={set("status")} className={`${select} mt-1 block`}>
            <option value="">All</option>
            {["DRAFT", "PROCESSING", "AUTHORIZED", "REJECTED", "CANCELLED"].map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </label>
        <label className="text-xs text-slate-600">
          Type
          <select aria-label="Type" value={filters.type} onChange={set("type")} className={`${select} mt-1 block`}>
            <option value="">All</option>
            {["NFE", "NFCE", "NFSE"].map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </label>
        <label className="text-xs text-slate-600">
          Environment
          <select aria-label="Environment" value={filters.environment} onChange={set("environment")} className={`${select} mt-1 block`}>
            <option value="ALL">Both</option>
            <option value="PRODUCTION">Production</option>
            <option value="HOMOLOGATION">Homologation</option>
          </select>
        </label>
        <label className="text-xs text-slate-600">
          Issued from
          <input type="date" aria-label="Issued from" value={filters.from} onChange={set("from")} className={`${select} mt-1 block`} />
        </label>
        <label className="text-xs text-slate-600">
          to
          <input type="date" aria-label="Issued to" value={filters.to} onChange={set("to")} className={`${select} mt-1 block`} />
        </label>
        <label className="text-xs text-slate-600">
          Client
          <select aria-label="Client" value={filters.clientId} onChange={set("clientId")} className={`${select} mt-1 block max-w-56`}>
            <option value="">All</option>
            {options.data?.clients.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </label>
        <button type="button" onClick={() => { setFilters(EMPTY); setPage(1); }} className="rounded-md px-2 py-1.5 text-sm text-slate-600 hover:bg-slate-100">
          Clear
        </button>
      </div>
      {documents.isPending ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : documents.isError ? (
        <p role="alert" className="text-sm text-red-700">{errorMessage(documents.error)}</p>
      ) : documents.data.data.length === 0 ? (
        <p className="text-sm text-slate-500">No documents match these filters.</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="px-3 py-2 font-medium">Issued</th>
                  <th className="px-3 py-2 font-medium">Type</th>
                  <th className="px-3 py-2 font-medium">Number</th>
                  <th className="px-3 py-2 font-medium">Client</th>
                  <th className="px-3 py-2 text-right font-medium">Total</th>
                  <th className="px-3 py-2 font-medium">Status</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {documents.data.data.map((d) => (
                  <tr key={d.id} data-testid="document-row" className="hover:bg-slate-50">
                    <td className="px-3 py-2">
                      <Link href={`/dashboard/c/${companyId}/documents/${d.id}`} className="text-indigo-700 hover:underline">{formatDateTime(d.issueDateTime)}</Link>
                    </td>
                    <td className="px-3 py-2">{d.type}</td>
                    <td className="px-3 py-2">{d.number === 0 ? "—" : `${d.series ?? ""}/${d.number}`}</td>
                    <td className="px-3 py-2">{d.client.name}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatMoney(d.totalValue)}</td>
                    <td className="px-3 py-2"><DocumentStatusBadge status={d.status} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex items-center gap-3 text-sm text-slate-600">
            <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} className="rounded border px-2 py-1 disabled:opacity-40">Previous</button>
            <span>Page {documents.data.meta.page} of {Math.max(1, documents.data.meta.totalPages)} · {documents.data.meta.total} documents</span>
            <button type="button" disabled={page >= documents.data.meta.totalPages} onClick={() => setPage((p) => p + 1)} className="rounded border px-2 py-1 disabled:opacity-40">Next</button>
          </div>
        </>
      )}
    </div>
  );
}
