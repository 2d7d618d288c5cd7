"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTimeZone, useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import type { ApiKeySummary } from "@/lib/auth/api-key-contracts";
import { apiFetch } from "@/lib/client/api-fetch";
import { formatDateTime } from "../format";
import { buttonClass } from "@/components/dashboard/button-styles";

export function ApiKeyRow({ apiKey, endpoint, canManage }: { apiKey: ApiKeySummary; endpoint: string; canManage: boolean }) {
  const t = useTranslations("apiKeys");
  const common = useTranslations("common");
  const timeZone = useTimeZone();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => apiFetch(`${endpoint}/${encodeURIComponent(apiKey.id)}/revoke`, { method: "POST" }),
    onSuccess: () => {
      setConfirming(false);
      return queryClient.invalidateQueries({ queryKey: [endpoint] });
    },
  });
  const revoked = apiKey.revokedAt !== null;
  return (
    <tr data-testid="api-key-row" data-key-name={apiKey.name} className={revoked ? "text-slate-400" : undefined}>
      <td className="px-3 py-2 font-medium">{apiKey.name}</td>
      <td className="px-3 py-2 font-mono text-xs">{apiKey.prefix}…</td>
      <td className="max-w-xs px-3 py-2">
        <span className="flex flex-wrap gap-1">
          {apiKey.scopes.map((scope) => (
            <span key={scope} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
              {scope}
            </span>
          ))}
        </span>
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-sm">
        {formatDateTime(apiKey.createdAt, timeZone)}
        {apiKey.createdBy && (
          <span className="block text-xs text-slate-500" data-testid="api-key-creator">
            {t("createdBy", { email: apiKey.createdBy.email })}
            {!apiKey.createdBy.active && <span className="ml-1 rounded bg-amber-50 px-1 text-amber-800">{t("deactivatedCreator")}</span>}
          </span>
        )}
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-sm">{formatDateTime(apiKey.lastUsedAt, timeZone, t("never"))}</td>
      <td className="whitespace-nowrap px-3 py-2 text-sm">
        {revoked ? (
          <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-700">{t("revokedAt", { date: formatDateTime(apiKey.revokedAt, timeZone) })}</span>
        ) : !canManage ? (
          <span className="text-xs text-emerald-700">{common("active")}</span>
        ) : confirming ? (
          <span className="flex items-center gap-2">
            <span className="text-xs text-slate-700">{t("revokeWarning")}</span>
            <button type="button" onClick={() => revoke.mutate()} disabled={revoke.isPending} className={buttonClass("danger", "sm")}>
              {t("confirmRevoke")}
            </button>
            <button type="button" onClick={() => setConfirming(false)} className="text-xs text-slate-600 hover:underline">
              {common("cancel")}
            </button>
          </span>
        ) : (
          <button type="button" onClick={() => setConfirming(true)} className="rounded border border-red-200 px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50">
            {t("revoke")}
          </button>
        )}
        {revoke.error && (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {errorMessage(revoke.error)}
          </p>
        )}
      </td>
    </tr>
  );
}
