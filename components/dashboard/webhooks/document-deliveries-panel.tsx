"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { ApiError, apiFetch } from "@/lib/client/api-fetch";
import type { WebhookDeliveryResponse } from "@/lib/webhooks/schemas";
import { formatDateTime } from "../format";
import { webhooksPage } from "./labels";
import { DeliveryStatusBadge } from "./status-badge";

const TEXT = {
  title: "Webhook deliveries",
  intro: "What was sent to the company's webhook endpoints about this document.",
  resend: "Send webhook again",
  sending: "Sending…",
  dispatched: (n: number) => `Queued for ${n} endpoint${n === 1 ? "" : "s"} with a new event id. The deliveries appear below in a few seconds.`,
  loading: "Loading deliveries…",
  empty: "No webhook has been sent for this document.",
  openAll: "Open the delivery log",
  errors: {
    document_without_outcome: "This document has no outcome yet (draft or still processing): there is nothing to send. Try again once it is authorized, rejected or cancelled.",
    no_active_webhook_endpoint: "No active webhook endpoint subscribes to this document's event. Add or reactivate one on the Webhook endpoints page.",
    rate_limited: "Too many re-sends for this company in the last minute (limit 60). Wait a minute and try again.",
    forbidden_role: "Your role cannot re-send webhooks.",
  } as Record<string, string>,
  columns: ["Status", "Event", "Attempts", "Last answer", "Created"],
};

function plainError(error: unknown): string {
  if (error instanceof ApiError) {
    const text = error.code ? TEXT.errors[error.code] : undefined;
    return text ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The document page's webhook section: its deliveries and a re-dispatch button (new event id, 60 per minute per company). */
export function DocumentDeliveriesPanel({ companyId, documentId, canOperate }: { companyId: string; documentId: string; canOperate: boolean }) {
  const base = `/api/dashboard/companies/${encodeURIComponent(companyId)}/documents/${encodeURIComponent(documentId)}`;
  const key = [`${base}/webhook-deliveries`];
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    queryKey: key,
    queryFn: () => apiFetch<{ data: WebhookDeliveryResponse[] }>(`${base}/webhook-deliveries`),
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === "PENDING") ? 2_000 : false),
  });
  const resend = useMutation({
    mutationFn: () => apiFetch<{ dispatched: number }>(`${base}/webhook`, { method: "POST" }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: key }), 2_000);
    },
  });

  return (
    <section aria-label={TEXT.title} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold">{TEXT.title}</h2>
          <p className="text-xs text-slate-500">{TEXT.intro}</p>
        </div>
        {canOperate && (
          <button type="button" disabled={resend.isPending} onClick={() => resend.mutate()} className="rounded-md border border-indigo-600 px-3 py-1.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 disabled:opacity-60">
            {resend.isPending ? TEXT.sending : TEXT.resend}
          </button>
        )}
      </div>
      {resend.isSuccess && <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">{TEXT.dispatched(resend.data.dispatched)}</p>}
      {resend.isError && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {plainError(resend.error)}
        </p>
      )}
      {deliveries.isPending ? (
        <p className="text-sm text-slate-500">{TEXT.loading}</p>
      ) : deliveries.isError ? (
        <p role="alert" className="text-sm text-red-700">{plainError(deliveries.error)}</p>
      ) : deliveries.data.data.length === 0 ? (
        <p className="text-sm text-slate-500">{TEXT.empty}</p>
      ) : (
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <thead className="text-xs uppercase tracking-wide text-slate-500">
            <tr>
              {TEXT.columns.map((column) => (
                <th key={column} className="px-2 py-1 font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {deliveries.data.data.map((d) => (
              <tr key={d.id} data-testid="document-delivery-row">
                <td className="px-2 py-1.5">
                  <DeliveryStatusBadge status={d.status} />
                </td>
                <td className="px-2 py-1.5">
                  <Link href={webhooksPage(companyId, `/deliveries/${encodeURIComponent(d.id)}`)} className="font-mono text-xs text-indigo-700 hover:underline">
                    {d.eventType}
                  </Link>
                  <span className="block font-mono text-[11px] text-slate-500">{d.eventId}</span>
                </td>
                <td className="px-2 py-1.5">{d.attempts}</td>
                <td className="px-2 py-1.5 font-mono text-xs">{d.responseStatus !== null ? `HTTP ${d.responseStatus}` : (d.errorMessage ?? "—")}</td>
                <td className="whitespace-nowrap px-2 py-1.5 text-xs">{formatDateTime(d.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
