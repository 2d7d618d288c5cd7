"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import type { Page } from "@/lib/api/pagination";
import type { EndpointWithLastDelivery } from "@/lib/webhooks/dashboard-contracts";
import type { WebhookEndpointResponse } from "@/lib/webhooks/schemas";
import { EndpointCard } from "./endpoint-card";
import { EndpointForm, type EndpointFormValues } from "./endpoint-form";
import { webhooksApi } from "./labels";
import { SecretNotice } from "./secret-notice";

const TEXT = {
  add: "Add endpoint",
  createTitle: "New webhook endpoint",
  create: "Create and send ping",
  created: (url: string) => `Endpoint ${url} created`,
  pingOk: "Verification ping: your endpoint answered 2xx within 10 s.",
  heading: "Endpoints",
  loading: "Loading endpoints…",
  retry: "Try again",
  empty: "No webhook endpoints yet. Your ERP learns outcomes only by polling until one is added.",
  emptyReadOnly: "No webhook endpoints yet. An Admin or Accountant can add one.",
  previous: "Previous",
  next: "Next",
  pageOf: (page: number, total: number) => `Page ${page} of ${Math.max(total, 1)}`,
};

export function EndpointsPanel({ companyId, canManage, canOperate }: { companyId: string; canManage: boolean; canOperate: boolean }) {
  const api = webhooksApi(companyId);
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const endpoints = useQuery({ queryKey: [api, page], queryFn: () => apiFetch<Page<EndpointWithLastDelivery>>(`${api}?page=${page}&pageSize=20`) });
  const create = useMutation({
    mutationFn: (body: EndpointFormValues) => apiFetch<WebhookEndpointResponse & { secret: string }>(api, { method: "POST", body }),
    onSuccess: (result) => {
      setCreating(false);
      setCreated({ url: result.url, secret: result.secret });
      void queryClient.invalidateQueries({ queryKey: [api] });
    },
  });

  return (
    <div className="space-y-4">
      {created && <SecretNotice title={TEXT.created(created.url)} detail={TEXT.pingOk} secret={created.secret} onDismiss={() => setCreated(null)} />}
      {canManage &&
        (creating ? (
          <EndpointForm title={TEXT.createTitle} submitLabel={TEXT.create} pending={create.isPending} serverError={create.error ? errorMessage(create.error) : null} onSubmit={(values) => create.mutate(values)} onCancel={() => setCreating(false)} />
        ) : (
          <button type="button" onClick={() => setCreating(true)} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
            {TEXT.add}
          </button>
        ))}
      <section>
        <h2 className="mb-2 text-base font-semibold">{TEXT.heading}</h2>
        {endpoints.isPending ? (
          <p className="text-sm text-slate-500">{TEXT.loading}</p>
        ) : endpoints.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(endpoints.error)}{" "}
            <button type="button" className="underline" onClick={() => void endpoints.refetch()}>
              {TEXT.retry}
            </button>
          </p>
        ) : endpoints.data.data.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">{canManage ? TEXT.empty : TEXT.emptyReadOnly}</p>
        ) : (
          <>
            <ul className="space-y-3">
              {endpoints.data.data.map((endpoint) => (
                <EndpointCard key={endpoint.id} companyId={companyId} endpoint={endpoint} canManage={canManage} canOperate={canOperate} />
              ))}
            </ul>
            {endpoints.data.meta.totalPages > 1 && (
              <div className="mt-3 flex items-center gap-3 text-sm">
                <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)} className="rounded border px-2 py-1 disabled:opacity-40">
                  {TEXT.previous}
                </button>
                <span>{TEXT.pageOf(page, endpoints.data.meta.totalPages)}</span>
                <button type="button" disabled={page >= endpoints.data.meta.totalPages} onClick={() => setPage(page + 1)} className="rounded border px-2 py-1 disabled:opacity-40">
                  {TEXT.next}
                </button>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
