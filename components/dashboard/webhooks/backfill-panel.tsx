"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { DataTable, QueryFrame } from "../resources/query-frame";
import type { Page } from "@/lib/contracts/pagination";
import { apiFetch } from "@/lib/client/api-fetch";
import type { BackfillRunWithActor } from "@/lib/webhooks/dashboard-contracts";
import { formatDateTime } from "../format";
import { BackfillForm } from "./backfill-form";
import { BackfillProgress } from "./backfill-progress";
import { formatIssueDay, webhooksApi } from "./labels";
import { useWebhookLabels } from "./use-webhook-labels";

const POLL_MS = 1_000;
const running = (run: BackfillRunWithActor) => run.status === "QUEUED" || run.status === "RUNNING";

export function BackfillPanel({ companyId, canOperate }: { companyId: string; canOperate: boolean }) {
  const t = useTranslations("webhooks.backfill");
  const common = useTranslations("common");
  const labels = useWebhookLabels();
  const errorMessage = useErrorMessage();
  const api = `${webhooksApi(companyId)}/backfill`;
  const queryClient = useQueryClient();
  const [runId, setRunId] = useState<string | null>(null);
  const current = useQuery({
    queryKey: [api, runId],
    queryFn: () => apiFetch<BackfillRunWithActor>(`${api}/${encodeURIComponent(runId ?? "")}`),
    enabled: runId !== null,
    // Polled while the page is open and the run is not over.
    refetchInterval: (query) => (query.state.data && !running(query.state.data) ? false : POLL_MS),
  });
  const finished = current.data && !running(current.data) ? current.data.status : null;
  // The history row of the run follows it to its end.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: [api, "history"] });
  }, [finished, api, queryClient]);
  const history = useQuery({
    queryKey: [api, "history"],
    queryFn: () => apiFetch<Page<BackfillRunWithActor>>(`${api}?page=1&pageSize=20`),
    refetchInterval: (query) => (query.state.data?.data.some(running) ? POLL_MS * 2 : false),
  });

  return (
    <div className="space-y-5">
      {canOperate && (
        <BackfillForm
          companyId={companyId}
          onStarted={(id) => {
            setRunId(id);
            void queryClient.invalidateQueries({ queryKey: [api, "history"] });
          }}
        />
      )}
      {runId && (
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="mb-2 text-base font-semibold">{t("current")}</h2>
          {current.data ? <BackfillProgress run={current.data} /> : current.isError ? <p role="alert" className="text-sm text-red-700">{errorMessage(current.error)}</p> : <p className="text-sm text-slate-500">{common("loading")}</p>}
        </section>
      )}
      <section>
        <h2 className="mb-2 text-base font-semibold">{t("history")}</h2>
        <QueryFrame query={history} isEmpty={(data) => data.data.length === 0} empty={t("empty")}>
          {(data) => (
            <DataTable headers={[t("started"), t("by"), t("issueDates"), t("typesEnvironment"), t("progress"), t("finished")]}>
              {data.data.map((run) => (
                <tr key={run.runId} data-testid="backfill-row">
                  <td className="whitespace-nowrap px-3 py-2 text-xs">{formatDateTime(run.createdAt)}</td>
                  <td className="px-3 py-2 text-xs">{run.actor === null ? "—" : run.actor.kind === "user" ? run.actor.email : t("apiKey", { prefix: run.actor.id.slice(0, 8) })}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-xs">
                    {formatIssueDay(run.criteria.from)} – {formatIssueDay(run.criteria.to)}
                  </td>
                  <td className="px-3 py-2 text-xs">
                    {run.criteria.types.length === 0 ? t("allTypes") : run.criteria.types.map((type) => labels.documentType[type]).join(", ")} · {run.criteria.environment ? labels.environment[run.criteria.environment] : t("bothEnvironments")}
                    {run.criteria.onlyMissing && <span className="block text-slate-500">{t("onlyMissing")}</span>}
                  </td>
                  <td className="min-w-[14rem] px-3 py-2">
                    <BackfillProgress run={run} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-xs">{formatDateTime(run.finishedAt)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </QueryFrame>
      </section>
    </div>
  );
}
