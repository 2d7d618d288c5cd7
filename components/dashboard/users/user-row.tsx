"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import type { UserRole } from "@/lib/auth/session-user";
import { apiFetch } from "@/lib/client/api-fetch";
import type { AddedUser, DeactivateUserBody, UserSummary } from "@/lib/users/contracts";
import { formatDateTime } from "../format";
import { ROLE_ORDER } from "./role-labels";
import { buttonClass } from "@/components/dashboard/button-styles";

export function UserRow({ user, endpoint, isSelf, onReset }: { user: UserSummary; endpoint: string; isSelf: boolean; onReset: (result: AddedUser) => void }) {
  const t = useTranslations("users.row");
  const roles = useTranslations("enums.role");
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [revokeApiKeys, setRevokeApiKeys] = useState(false);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const userPath = `${endpoint}/${encodeURIComponent(user.id)}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: [endpoint] });
  const changeRole = useMutation({ mutationFn: (role: UserRole) => apiFetch(userPath, { method: "PATCH", body: { role } }), onSettled: refresh });
  const deactivate = useMutation({
    mutationFn: (body: DeactivateUserBody) => apiFetch(`${userPath}/deactivate`, { method: "POST", body }),
    onSuccess: () => setConfirming(false),
    onSettled: refresh,
  });
  const reactivate = useMutation({ mutationFn: () => apiFetch(`${userPath}/reactivate`, { method: "POST" }), onSettled: refresh });
  const resetPassword = useMutation({
    mutationFn: () => apiFetch<AddedUser>(`${userPath}/reset-password`, { method: "POST" }),
    onSuccess: (result) => {
      setConfirmingReset(false);
      onReset(result);
    },
    onSettled: refresh,
  });
  const error = changeRole.error ?? deactivate.error ?? reactivate.error ?? resetPassword.error;

  return (
    <tr data-testid="user-row" data-email={user.email} className={user.isActive ? undefined : "text-slate-400"}>
      <td className="px-3 py-2">
        <span className="font-medium">{user.email}</span>
        {isSelf && <span className="ml-2 rounded bg-indigo-50 px-1.5 py-0.5 text-xs text-indigo-700">{t("you")}</span>}
        {user.name && <span className="block text-xs text-slate-500">{user.name}</span>}
      </td>
      <td className="px-3 py-2">
        <select
          aria-label={t("roleFor", { email: user.email })}
          value={user.role}
          disabled={!user.isActive || changeRole.isPending}
          onChange={(e) => changeRole.mutate(e.target.value as UserRole)}
          className="rounded-md border border-slate-300 px-2 py-1 text-sm disabled:bg-slate-50"
        >
          {ROLE_ORDER.map((role) => (
            <option key={role} value={role}>
              {roles(role)}
            </option>
          ))}
        </select>
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-sm">
        {user.isActive ? <span className="text-emerald-700">{t("active")}</span> : <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{t("deactivated", { when: formatDateTime(user.deactivatedAt) })}</span>}
        {user.isActive && user.mustChangePassword && <span className="block text-xs text-amber-700">{t("passwordPending")}</span>}
        {!user.isActive && user.activeApiKeys > 0 && <span className="block text-xs text-amber-700">{t("keysKept", { count: user.activeApiKeys })}</span>}
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-sm">{formatDateTime(user.createdAt)}</td>
      <td className="px-3 py-2 text-sm">
        {!user.isActive ? (
          <button type="button" onClick={() => reactivate.mutate()} disabled={reactivate.isPending} className="rounded border border-slate-300 px-2 py-1 text-xs font-medium hover:bg-slate-50">
            {t("reactivate")}
          </button>
        ) : isSelf ? null : confirming ? (
          <div className="space-y-1">
            <p className="text-xs text-slate-700">{t("deactivateWarning")}</p>
            {user.activeApiKeys > 0 && (
              <label className="flex items-center gap-1 text-xs text-slate-700">
                <input type="checkbox" checked={revokeApiKeys} onChange={(e) => setRevokeApiKeys(e.target.checked)} />
                {t("revokeKeys", { count: user.activeApiKeys })}
              </label>
            )}
            <span className="flex gap-2">
              <button type="button" onClick={() => deactivate.mutate({ revokeApiKeys })} disabled={deactivate.isPending} className={buttonClass("danger", "sm")}>
                {t("confirmDeactivate")}
              </button>
              <button type="button" onClick={() => setConfirming(false)} className="text-xs text-slate-600 hover:underline">
                {t("cancel")}
              </button>
            </span>
          </div>
        ) : (
          <button type="button" onClick={() => setConfirming(true)} className="rounded border border-red-200 px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50">
            {t("deactivate")}
          </button>
        )}
        {!isSelf && (
          <div className="mt-1">
            {confirmingReset ? (
              <div className="space-y-1">
                <p className="text-xs text-slate-700">{t("resetWarning")}</p>
                <span className="flex gap-2">
                  <button type="button" onClick={() => resetPassword.mutate()} disabled={resetPassword.isPending} className={buttonClass("danger", "sm")}>
                    {t("confirmReset")}
                  </button>
                  <button type="button" onClick={() => setConfirmingReset(false)} className="text-xs text-slate-600 hover:underline">
                    {t("cancel")}
                  </button>
                </span>
              </div>
            ) : (
              <button type="button" onClick={() => setConfirmingReset(true)} className="rounded border border-slate-300 px-2 py-1 text-xs font-medium hover:bg-slate-50">
                {t("resetPassword")}
              </button>
            )}
          </div>
        )}
        {error && (
          <p role="alert" className="mt-1 max-w-xs text-xs text-red-700">
            {errorMessage(error)}
          </p>
        )}
      </td>
    </tr>
  );
}
