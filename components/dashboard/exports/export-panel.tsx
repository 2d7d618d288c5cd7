"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import type { Page } from "@/lib/contracts/pagination";
import { apiFetch } from "@/lib/client/api-fetch";
import type { ExportRecord } from "@/lib/exports/schemas";
import { DataTable, QueryFrame } from "../resources/query-frame";
import { formatDateTime } from "../format";
import { AccountantEmailForm } from "./accountant-email-form";
import { ExportForm } from "./export-form";
import { ExportProgress } from "./export-progress";
import { exportsApi, formatDay } from "./export-labels";

const POLL_MS = 1_000;
const building = (record: ExportRecord) => record.status === "QUEUED" || record.status === "RUNNING";

/** "Exportar para a contabilidade": the form, the export being built (polled), the recent exports and the accountant e-mail. */
export function ExportPanel({ companyId, canWrite }: { companyId: string; canWrite: boolean }) {
  const t = useTranslations("exports");
  const common = useTranslations("common");
  const types = useTranslations("enums.documentType");
  const errorMessage = useErrorMessage();
  const api = exportsApi(companyId);
  const queryClient = useQueryClient();
  const [currentId, setCurrentId] = useState<string | null>(null);
  const current = useQuery({
    queryKey: [api, currentId],
    queryFn: () => apiFetch<ExportRecord>(`${api}/${encodeURIComponent(currentId ?? "")}`),
    enabled: currentId !== null,
    refetchInterval: (query) => (query.state.data && !building(query.state.data) ? false : POLL_MS),
  });
  const finished = current.data && !building(current.data) ? current.data.status : null;
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: [api, "history"] });
  }, [finished, api, queryClient]);
  const history = useQuery({
    queryKey: [api, "history"],
    queryFn: () => apiFetch<Page<ExportRecord>>(`${api}?page=1&pageSize=20`),
    refetchInterval: (query) => (query.state.data?.data.some(building) ? POLL_MS * 2 : false),
  });

  return (
    <div className="space-y-5">
      {canWrite ? (
        <ExportForm
          companyId={companyId}
          onStarted={(id) => {
            setCurrentId(id);
            void queryClient.invalidateQueries({ queryKey: [api, "history"] });
          }}
        />
      ) : (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("readOnly")}</p>
      )}
      {currentId && (
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="mb-2 text-base font-semibold">{t("current")}</h2>
          {current.data ? <ExportProgress companyId={companyId} record={current.data} /> : current.isError ? <p role="alert" className="text-sm text-red-700">{errorMessage(current.error)}</p> : <p className="text-sm text-slate-500">{common("loading")}</p>}
        </section>
      )}
      <section>
        <h2 className="mb-2 text-base font-semibold">{t("history")}</h2>
        <QueryFrame query={history} isEmpty={(data) => data.data.length === 0} empty={t("empty")}>
          {(data) => (
            <DataTable headers={[t("columns.created"), t("columns.period"), t("columns.types"), t("columns.status"), t("columns.expires")]}>
              {data.data.map((record) => (
                <tr key={record.id} data-testid="export-row">
                  <td className="whitespace-nowrap px-3 py-2 text-xs">
                    {formatDateTime(record.createdAt)}
                    <span className="block text-slate-500">{t(`origin.${record.origin}`)}</span>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-xs">
                    {formatDay(record.from)} – {formatDay(record.to)}
                  </td>
                  <td className="px-3 py-2 text-xs">{record.documentTypes.map((type) => types(type)).join(", ")}</td>
                  <td className="min-w-[14rem] px-3 py-2">
                    <ExportProgress companyId={companyId} record={record} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-xs">{formatDateTime(record.expiresAt)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </QueryFrame>
      </section>
      <AccountantEmailForm companyId={companyId} canEdit={canWrite} />
    </div>
  );
}
