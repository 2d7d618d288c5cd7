"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTimeZone, useTranslations } from "next-intl";
import { DEFAULT_TIME_ZONE } from "../format";
import { useState } from "react";
import { DataTable, Pager, QueryFrame } from "../resources/query-frame";
import type { Page } from "@/lib/contracts/pagination";
import { zonedDayBounds } from "@/lib/br/date-input";
import { apiFetch } from "@/lib/client/api-fetch";
import type { EndpointWithLastDelivery } from "@/lib/webhooks/dashboard-contracts";
import type { WebhookDeliveryResponse } from "@/lib/webhooks/schemas";
import { DeliveryFilters, EMPTY_DELIVERY_FILTERS, type DeliveryFilterValues } from "./delivery-filters";
import { webhooksApi } from "./labels";
import { DeliveryRow, DocumentIdLink } from "./delivery-row";

const PAGE_SIZE = 25;

/** Dates from the filter are whole days in the company's zone (its state's); the API takes instants. */
function toQuery(filters: DeliveryFilterValues, page: number, timeZone: string): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  for (const key of ["search", "status", "eventType", "endpointId", "environment", "documentType"] as const) if (filters[key]) query.set(key, filters[key]);
  if (filters.from) query.set("from", new Date(zonedDayBounds(filters.from, timeZone).start).toISOString());
  if (filters.to) query.set("to", new Date(zonedDayBounds(filters.to, timeZone).end).toISOString());
  return query.toString();
}

/** The filters in the address bar, so a filtered log can be reloaded or sent to a colleague. */
function syncAddressBar(filters: DeliveryFilterValues): void {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ""));
  window.history.replaceState(null, "", `${window.location.pathname}${query.size ? `?${query}` : ""}`);
}

export function DeliveryLog({ companyId, initialFilters }: { companyId: string; initialFilters: Partial<DeliveryFilterValues> }) {
  const t = useTranslations("webhooks.deliveries");
  const api = webhooksApi(companyId);
  const [filters, setFilters] = useState<DeliveryFilterValues>({ ...EMPTY_DELIVERY_FILTERS, ...initialFilters });
  const [page, setPage] = useState(1);
  const endpoints = useQuery({ queryKey: [api, "all-endpoints"], queryFn: () => apiFetch<Page<EndpointWithLastDelivery>>(`${api}?page=1&pageSize=100`) });
  const endpointNames = Object.fromEntries((endpoints.data?.data ?? []).map((e) => [e.id, e.url]));
  const query = toQuery(filters, page, useTimeZone() ?? DEFAULT_TIME_ZONE);
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
      <QueryFrame query={deliveries} loading={t("loading")} isEmpty={(data) => data.data.length === 0} empty={t("empty")}>
        {(data) => (
          <>
            <DataTable headers={[t("status"), t("event"), t("endpoint"), t("document"), t("attempts"), t("lastAnswer"), t("created")]}>
              {data.data.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  companyId={companyId}
                  delivery={delivery}
                  testId="delivery-row"
                  middle={
                    <>
                      <td className="max-w-[14rem] truncate px-3 py-2 font-mono text-xs" title={endpointNames[delivery.endpointId] ?? delivery.endpointId}>
                        {endpointNames[delivery.endpointId] ?? delivery.endpointId}
                      </td>
                      <td className="px-3 py-2 font-mono text-xs">
                        <DocumentIdLink companyId={companyId} documentId={delivery.documentId} payload={delivery.payload} />
                      </td>
                    </>
                  }
                />
              ))}
            </DataTable>
            <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} extra={t("count", { count: data.meta.total })} />
          </>
        )}
      </QueryFrame>
    </div>
  );
}
