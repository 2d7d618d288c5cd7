"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Page } from "@/lib/api/pagination";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import type { BackfillRunWithActor } from "@/lib/webhooks/dashboard-contracts";
import { formatDateTime } from "../format";
import { BackfillForm } from "./backfill-form";
import { BackfillProgress } from "./backfill-progress";
import { DOCUMENT_TYPE_LABELS, ENVIRONMENT_LABELS, formatIssueDay, webhooksApi } from "./labels";

const TEXT = {
  current: "Current run",
  history: "Backfill history",
  loading: "Loading…",
  retry: "Try again",
  empty: "No backfill has been run for this company.",
  columns: ["Started", "By", "Issue dates", "Types · environment", "Progress", "Finished"],
  apiKey: (id: string) => `API key ${id.slice(0, 8)}…`,
  allTypes: "All types",
  bothEnvironments: "both environments",
  onlyMissing: "only without deliveries",
};

const POLL_MS = 1_000;
const running = (run: BackfillRunWithActor) => run.status === "QUEUED" || run.status === "RUNNING";

export function BackfillPanel({ companyId, canOperate }: { companyId: string; canOperate: boolean }) {
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
          <h2 className="mb-2 text-base font-semibold">{TEXT.current}</h2>
          {current.data ? <BackfillProgress run={current.data} /> : current.isError ? <p role="alert" className="text-sm text-red-700">{errorMessage(current.error)}</p> : <p className="text-sm text-slate-500">{TEXT.loading}</p>}
        </section>
      )}
      <section>
        <h2 className="mb-2 text-base font-semibold">{TEXT.history}</h2>
        {history.isPending ? (
          <p className="text-sm text-slate-500">{TEXT.loading}</p>
        ) : history.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(history.error)}{" "}
            <button type="button" className="underline" onClick={() => void history.refetch()}>
              {TEXT.retry}
            </button>
          </p>
        ) : history.data.data.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">{TEXT.empty}</p>
        ) : (
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
                {history.data.data.map((run) => (
                  <tr key={run.runId} data-testid="backfill-row">
                    <td className="whitespace-nowrap px-3 py-2 text-xs">{formatDateTime(run.createdAt)}</td>
                    <td className="px-3 py-2 text-xs">{run.actor === null ? "—" : run.actor.kind === "user" ? run.actor.email : TEXT.apiKey(run.actor.id)}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-xs">
                      {formatIssueDay(run.criteria.from)} – {formatIssueDay(run.criteria.to)}
                    </td>
                    <td className="px-3 py-2 text-xs">
                      {run.criteria.types.length === 0 ? TEXT.allTypes : run.criteria.types.map((t) => DOCUMENT_TYPE_LABELS[t]).join(", ")} · {run.criteria.environment ? ENVIRONMENT_LABELS[run.criteria.environment] : TEXT.bothEnvironments}
                      {run.criteria.onlyMissing && <span className="block text-slate-500">{TEXT.onlyMissing}</span>}
                    </td>
                    <td className="min-w-[14rem] px-3 py-2">
                      <BackfillProgress run={run} />
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-xs">{formatDateTime(run.finishedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
