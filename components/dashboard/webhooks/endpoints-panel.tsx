"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { Pager, QueryFrame } from "../resources/query-frame";
import { apiFetch } from "@/lib/client/api-fetch";
import type { Page } from "@/lib/contracts/pagination";
import type { EndpointWithLastDelivery } from "@/lib/webhooks/dashboard-contracts";
import type { WebhookEndpointResponse } from "@/lib/webhooks/schemas";
import { EndpointCard } from "./endpoint-card";
import { EndpointForm, type EndpointFormValues } from "./endpoint-form";
import { webhooksApi } from "./labels";
import { SecretNotice } from "./secret-notice";

export function EndpointsPanel({ companyId, canManage, canOperate }: { companyId: string; canManage: boolean; canOperate: boolean }) {
  const t = useTranslations("webhooks.endpoints");
  const errorMessage = useErrorMessage();
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
      {created && <SecretNotice title={t("created", { url: created.url })} detail={t("pingOk")} secret={created.secret} onDismiss={() => setCreated(null)} />}
      {canManage &&
        (creating ? (
          <EndpointForm title={t("createTitle")} submitLabel={t("create")} pending={create.isPending} serverError={create.error ? errorMessage(create.error) : null} onSubmit={(values) => create.mutate(values)} onCancel={() => setCreating(false)} />
        ) : (
          <button type="button" onClick={() => setCreating(true)} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
            {t("add")}
          </button>
        ))}
      <section>
        <h2 className="mb-2 text-base font-semibold">{t("heading")}</h2>
        <QueryFrame query={endpoints} loading={t("loading")} isEmpty={(data) => data.data.length === 0} empty={canManage ? t("empty") : t("emptyReadOnly")}>
          {(data) => (
            <>
              <ul className="space-y-3">
                {data.data.map((endpoint) => (
                  <EndpointCard key={endpoint.id} companyId={companyId} endpoint={endpoint} canManage={canManage} canOperate={canOperate} />
                ))}
              </ul>
              {data.meta.totalPages > 1 && <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} />}
            </>
          )}
        </QueryFrame>
      </section>
    </div>
  );
}
