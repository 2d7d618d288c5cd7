"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import type { ApiKeySummary, CreatedApiKey } from "@/lib/auth/api-key-contracts";
import { apiFetch } from "@/lib/client/api-fetch";
import { STICKY_LAST_COLUMN } from "@/components/dashboard/resources/query-frame";
import { ApiKeyRow } from "./api-key-row";
import { CreateApiKeyForm, type ApiKeyKind } from "./create-api-key-form";
import { NewSecretNotice } from "./new-secret-notice";

/** The company's keys, or with kind "account" the account's (tenant's) keys, "Chaves da conta". */
export function ApiKeysPanel({ companyId, canManage, kind = "company" }: { companyId: string; canManage: boolean; kind?: ApiKeyKind }) {
  const endpoint = `/api/dashboard/companies/${encodeURIComponent(companyId)}/${kind === "account" ? "account-keys" : "api-keys"}`;
  const t = useTranslations("apiKeys");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const keys = useQuery({ queryKey: [endpoint], queryFn: () => apiFetch<{ data: ApiKeySummary[] }>(endpoint) });

  return (
    <div className="space-y-6">
      {created && <NewSecretNotice created={created} onDismiss={() => setCreated(null)} />}
      {canManage ? (
        <CreateApiKeyForm
          kind={kind}
          endpoint={endpoint}
          onCreated={(key) => {
            setCreated(key);
            void queryClient.invalidateQueries({ queryKey: [endpoint] });
          }}
        />
      ) : (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("readOnly")}</p>
      )}
      <section>
        <h2 className="mb-2 text-base font-semibold">{t("keys")}</h2>
        {keys.isPending ? (
          <p className="text-sm text-slate-500">{common("loading")}</p>
        ) : keys.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(keys.error)}
          </p>
        ) : keys.data.data.length === 0 ? (
          <p className="text-sm text-slate-500">{t("empty")}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className={`min-w-full divide-y divide-slate-200 text-left ${STICKY_LAST_COLUMN}`}>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="px-3 py-2 font-medium">{t("name")}</th>
                  <th className="px-3 py-2 font-medium">{t("prefix")}</th>
                  <th className="px-3 py-2 font-medium">{t("scopes")}</th>
                  <th className="px-3 py-2 font-medium">{t("created")}</th>
                  <th className="px-3 py-2 font-medium">{t("lastUsed")}</th>
                  <th className="px-3 py-2 font-medium">{t("status")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {keys.data.data.map((apiKey) => (
                  <ApiKeyRow key={apiKey.id} apiKey={apiKey} endpoint={endpoint} canManage={canManage} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
