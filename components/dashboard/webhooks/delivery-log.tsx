"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { Page } from "@/lib/api/pagination";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import type { EndpointWithLastDelivery } from "@/lib/webhooks/dashboard-contracts";
import type { WebhookDeliveryResponse } from "@/lib/webhooks/schemas";
import { formatDateTime } from "../format";
import { DeliveryFilters, EMPTY_DELIVERY_FILTERS, type DeliveryFilterValues } from "./delivery-filters";
import { webhooksApi, webhooksPage } from "./labels";
import { DeliveryStatusBadge } from "./status-badge";

const TEXT = {
  loading: "Loading deliveries…",
  retry: "Try again",
  empty: "No delivery matches these filters.",
  columns: ["Status", "Event", "Endpoint", "Document", "Attempts", "Last answer", "Created"],
  previous: "Previous",
  next: "Next",
  pageOf: (page: number, total: number, count: number) => `Page ${page} of ${Math.max(total, 1)} · ${count} deliveries`,
};

const PAGE_SIZE = 25;

/** Dates from the filter are whole days in the browser's zone; the API takes instants. */
function toQuery(filters: DeliveryFilterValues, page: number): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  for (const key of ["search", "status", "eventType", "endpointId", "environment", "documentType"] as const) if (filters[key]) query.set(key, filters[key]);
  if (filters.from) query.set("from", new Date(`${filters.from}T00:00:00`).toISOString());
  if (filters.to) query.set("to", new Date(`${filters.to}T23:59:59.999`).toISOString());
  return query.toString();
}

/** The filters in the address bar, so a filtered log can be reloaded or sent to a colleague. */
function syncAddressBar(filters: DeliveryFilterValues): void {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ""));
  window.history.replaceState(null, "", `${window.location.pathname}${query.size ? `?${query}` : ""}`);
}

export function DeliveryLog({ companyId, initialFilters }: { companyId: string; initialFilters: Partial<DeliveryFilterValues> }) {
  const api = webhooksApi(companyId);
  const [filters, setFilters] = useState<DeliveryFilterValues>({ ...EMPTY_DELIVERY_FILTERS, ...initialFilters });
  const [page, setPage] = useState(1);
  const endpoints = useQuery({ queryKey: [api, "all-endpoints"], queryFn: () => apiFetch<Page<EndpointWithLastDelivery>>(`${api}?page=1&pageSize=100`) });
  const endpointNames = Object.fromEntries((endpoints.data?.data ?? []).map((e) => [e.id, e.url]));
  const query = toQuery(filters, page);
  const deliveries = useQuery({
    queryKey: [`${api}/deliveries`, query],
    queryFn: () => apiFetch<Page<WebhookDeliveryResponse>>(`${api}/deliveries?${query}`),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="space-y-4">
      <DeliveryFilters
        initial={filters}
        endpoints={endpointNames}
        onApply={(next) => {
          setFilters(next);
          syncAddressBar(next);
          setPage(1);
        }}
      />
      {deliveries.isPending ? (
        <p className="text-sm text-slate-500">{TEXT.loading}</p>
      ) : deliveries.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(deliveries.error)}{" "}
          <button type="button" className="underline" onClick={() => void deliveries.refetch()}>
            {TEXT.retry}
          </button>
        </p>
      ) : deliveries.data.data.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">{TEXT.empty}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  {TEXT.columns.map((column) => (
                    <th key={column} className="px-3 py-2 font-medium">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {deliveries.data.data.map((delivery) => (
                  <tr key={delivery.id} data-testid="delivery-row" className="hover:bg-slate-50">
                    <td className="px-3 py-2">
                      <DeliveryStatusBadge status={delivery.status} />
                    </td>
                    <td className="px-3 py-2">
                      <Link href={webhooksPage(companyId, `/deliveries/${encodeURIComponent(delivery.id)}`)} className="font-mono text-xs text-indigo-700 hover:underline">
                        {delivery.eventType}
                      </Link>
                      <span className="block font-mono text-[11px] text-slate-500">{delivery.eventId}</span>
                    </td>
                    <td className="max-w-[14rem] truncate px-3 py-2 font-mono text-xs" title={endpointNames[delivery.endpointId] ?? delivery.endpointId}>
                      {endpointNames[delivery.endpointId] ?? delivery.endpointId}
                    </td>
                    <td className="px-3 py-2 font-mono text-xs">
                      {delivery.documentId ? (
                        <Link href={`/dashboard/c/${encodeURIComponent(companyId)}/documents/${encodeURIComponent(delivery.documentId)}`} className="hover:underline">
                          {delivery.documentId}
                        </Link>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td className="px-3 py-2">{delivery.attempts}</td>
                    <td className="px-3 py-2 font-mono text-xs">{delivery.responseStatus !== null ? `HTTP ${delivery.responseStatus}` : (delivery.errorMessage ?? "—")}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-xs">{formatDateTime(delivery.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex items-center gap-3 text-sm">
            <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)} className="rounded border border-slate-300 bg-white px-2 py-1 disabled:opacity-40">
              {TEXT.previous}
            </button>
            <span>{TEXT.pageOf(page, deliveries.data.meta.totalPages, deliveries.data.meta.total)}</span>
            <button type="button" disabled={page >= deliveries.data.meta.totalPages} onClick={() => setPage(page + 1)} className="rounded border border-slate-300 bg-white px-2 py-1 disabled:opacity-40">
              {TEXT.next}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
