"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import type { DeliveryWithHeaders } from "@/lib/webhooks/dashboard-contracts";
import { formatDateTime } from "../format";
import { AttemptList } from "./attempt-list";
import { CopyButton } from "./copy-button";
import { webhooksApi, webhooksPage } from "./labels";
import { DeliveryStatusBadge } from "./status-badge";

const TEXT = {
  loading: "Loading the delivery…",
  retry: "Try again",
  back: "← All deliveries",
  endpoint: "Endpoint deliveries",
  event: "Event",
  delivery: "Delivery id",
  document: "Document",
  attempts: "Attempts",
  created: "Created",
  nextAttempt: "Next scheduled attempt",
  noneScheduled: "None scheduled",
  payload: "Payload (exact bytes sent, pretty-printed)",
  copyPayload: "Copy payload",
  headers: "Headers of the latest attempt (the signature is shown; the secret never leaves the server)",
  noHeaders: "No attempt has been sent yet.",
  redeliver: "Redeliver",
  confirm: "Send the same payload (same event id) again now, as a new manual attempt?",
  yes: "Yes, redeliver",
  cancel: "Cancel",
  sending: "Sending…",
  redelivered: (status: string) => `Redelivered: the new attempt is at the top of the list (${status}).`,
};

function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

export function DeliveryDetail({ companyId, deliveryId, canOperate }: { companyId: string; deliveryId: string; canOperate: boolean }) {
  const api = webhooksApi(companyId);
  const key = [`${api}/deliveries`, deliveryId];
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const delivery = useQuery({
    queryKey: key,
    queryFn: () => apiFetch<DeliveryWithHeaders>(`${api}/deliveries/${encodeURIComponent(deliveryId)}`),
    // A pending delivery is still being retried in the background: keep its attempts current.
    refetchInterval: (query) => (query.state.data?.status === "PENDING" ? 3_000 : false),
  });
  const redeliver = useMutation({
    mutationFn: (endpointId: string) => apiFetch(`${api}/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, { method: "POST" }),
    onSuccess: () => setConfirming(false),
    // The answer has no request headers: refetch the page's own shape.
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  if (delivery.isPending) return <p className="text-sm text-slate-500">{TEXT.loading}</p>;
  if (delivery.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(delivery.error)}{" "}
        <button type="button" className="underline" onClick={() => void delivery.refetch()}>
          {TEXT.retry}
        </button>
      </p>
    );
  const d = delivery.data;
  const latest = d.attemptLog.at(-1);
  const payload = prettyPayload(d.payload);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap gap-4 text-sm">
        <Link href={webhooksPage(companyId, "/deliveries")} className="text-indigo-700 hover:underline">
          {TEXT.back}
        </Link>
        <Link href={webhooksPage(companyId, `/deliveries?endpointId=${encodeURIComponent(d.endpointId)}`)} className="text-indigo-700 hover:underline">
          {TEXT.endpoint}
        </Link>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-lg font-semibold">{d.eventType}</h1>
        <DeliveryStatusBadge status={d.status} />
      </div>
      <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-500">{TEXT.event}</dt>
          <dd className="font-mono text-xs">{d.eventId}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{TEXT.delivery}</dt>
          <dd className="font-mono text-xs">{d.id}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{TEXT.document}</dt>
          <dd className="font-mono text-xs">
            {d.documentId ? (
              <Link href={`/dashboard/c/${encodeURIComponent(companyId)}/documents/${encodeURIComponent(d.documentId)}`} className="text-indigo-700 hover:underline">
                {d.documentId}
              </Link>
            ) : (
              "—"
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{TEXT.attempts}</dt>
          <dd data-testid="attempt-count">{d.attempts}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{TEXT.created}</dt>
          <dd>{formatDateTime(d.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{TEXT.nextAttempt}</dt>
          <dd>{d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : TEXT.noneScheduled}</dd>
        </div>
      </dl>

      {canOperate && (
        <div className="space-y-2">
          {confirming ? (
            <div role="alertdialog" aria-label={TEXT.redeliver} className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
              <p>{TEXT.confirm}</p>
              <div className="mt-2 flex gap-3">
                <button type="button" disabled={redeliver.isPending} onClick={() => redeliver.mutate(d.endpointId)} className="rounded bg-indigo-600 px-3 py-1 text-xs font-semibold text-white hover:bg-indigo-500 disabled:opacity-60">
                  {redeliver.isPending ? TEXT.sending : TEXT.yes}
                </button>
                <button type="button" onClick={() => setConfirming(false)} className="text-xs text-slate-700 hover:underline">
                  {TEXT.cancel}
                </button>
              </div>
            </div>
          ) : (
            <button type="button" onClick={() => setConfirming(true)} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
              {TEXT.redeliver}
            </button>
          )}
          {redeliver.isSuccess && <p role="status" className="text-sm text-emerald-800">{TEXT.redelivered(d.status.toLowerCase())}</p>}
          {redeliver.error && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {errorMessage(redeliver.error)}
            </p>
          )}
        </div>
      )}

      <section>
        <div className="mb-2 flex items-center justify-between">
          <h2 className="text-base font-semibold">{TEXT.payload}</h2>
          <CopyButton text={d.payload} label={TEXT.copyPayload} />
        </div>
        <pre data-testid="delivery-payload" className="max-h-96 overflow-auto rounded-lg border border-slate-200 bg-slate-900 p-3 font-mono text-xs text-slate-100">
          {payload}
        </pre>
      </section>
      <section>
        <h2 className="mb-2 text-base font-semibold">{TEXT.headers}</h2>
        {latest?.requestHeaders ? (
          <pre data-testid="delivery-headers" className="overflow-auto rounded-lg border border-slate-200 bg-white p-3 font-mono text-xs">
            {Object.entries(latest.requestHeaders)
              .map(([name, value]) => `${name}: ${value}`)
              .join("\n")}
          </pre>
        ) : (
          <p className="text-sm text-slate-500">{TEXT.noHeaders}</p>
        )}
      </section>
      <AttemptList attempts={d.attemptLog} />
    </div>
  );
}
