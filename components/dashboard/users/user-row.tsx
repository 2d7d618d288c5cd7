"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { UserRole } from "@/lib/auth/session-user";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import type { DeactivateUserBody, UserSummary } from "@/lib/users/contracts";
import { formatDateTime } from "../format";
import { ROLE_LABELS, ROLE_ORDER } from "./role-labels";

const TEXT = {
  you: "you",
  active: "Active",
  deactivated: (when: string) => `Deactivated ${when}`,
  roleFor: (email: string) => `Role of ${email}`,
  deactivate: "Deactivate",
  reactivate: "Reactivate",
  confirmDeactivate: "Confirm deactivate",
  cancel: "Cancel",
  deactivateWarning: "They are signed out at their next click and cannot sign in.",
  revokeKeys: (count: number) => `Also revoke the ${count} API key${count === 1 ? "" : "s"} they created (integrations using ${count === 1 ? "it" : "them"} stop)`,
  keysKept: (count: number) => `${count} API key${count === 1 ? "" : "s"} they created keep${count === 1 ? "s" : ""} working`,
};

export function UserRow({ user, endpoint, isSelf }: { user: UserSummary; endpoint: string; isSelf: boolean }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [revokeApiKeys, setRevokeApiKeys] = useState(false);
  const userPath = `${endpoint}/${encodeURIComponent(user.id)}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: [endpoint] });
  const changeRole = useMutation({ mutationFn: (role: UserRole) => apiFetch(userPath, { method: "PATCH", body: { role } }), onSettled: refresh });
  const deactivate = useMutation({
    mutationFn: (body: DeactivateUserBody) => apiFetch(`${userPath}/deactivate`, { method: "POST", body }),
    onSuccess: () => setConfirming(false),
    onSettled: refresh,
  });
  const reactivate = useMutation({ mutationFn: () => apiFetch(`${userPath}/reactivate`, { method: "POST" }), onSettled: refresh });
  const error = changeRole.error ?? deactivate.error ?? reactivate.error;

  return (
    <tr data-testid="user-row" data-email={user.email} className={user.isActive ? undefined : "text-slate-400"}>
      <td className="px-3 py-2">
        <span className="font-medium">{user.email}</span>
        {isSelf && <span className="ml-2 rounded bg-indigo-50 px-1.5 py-0.5 text-xs text-indigo-700">{TEXT.you}</span>}
        {user.name && <span className="block text-xs text-slate-500">{user.name}</span>}
      </td>
      <td className="px-3 py-2">
        <select
          aria-label={TEXT.roleFor(user.email)}
          value={user.role}
          disabled={!user.isActive || changeRole.isPending}
          onChange={(e) => changeRole.mutate(e.target.value as UserRole)}
          className="rounded-md border border-slate-300 px-2 py-1 text-sm disabled:bg-slate-50"
        >
          {ROLE_ORDER.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role].label}
            </option>
          ))}
        </select>
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-sm">
        {user.isActive ? <span className="text-emerald-700">{TEXT.active}</span> : <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{TEXT.deactivated(formatDateTime(user.deactivatedAt))}</span>}
        {!user.isActive && user.activeApiKeys > 0 && <span className="block text-xs text-amber-700">{TEXT.keysKept(user.activeApiKeys)}</span>}
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-sm">{formatDateTime(user.createdAt)}</td>
      <td className="px-3 py-2 text-sm">
        {!user.isActive ? (
          <button type="button" onClick={() => reactivate.mutate()} disabled={reactivate.isPending} className="rounded border border-slate-300 px-2 py-1 text-xs font-medium hover:bg-slate-50">
            {TEXT.reactivate}
          </button>
        ) : isSelf ? null : confirming ? (
          <div className="space-y-1">
            <p className="text-xs text-slate-700">{TEXT.deactivateWarning}</p>
            {user.activeApiKeys > 0 && (
              <label className="flex items-center gap-1 text-xs text-slate-700">
                <input type="checkbox" checked={revokeApiKeys} onChange={(e) => setRevokeApiKeys(e.target.checked)} />
                {TEXT.revokeKeys(user.activeApiKeys)}
              </label>
            )}
            <span className="flex gap-2">
              <button type="button" onClick={() => deactivate.mutate({ revokeApiKeys })} disabled={deactivate.isPending} className="rounded bg-red-600 px-2 py-1 text-xs font-semibold text-white hover:bg-red-500 disabled:opacity-60">
                {TEXT.confirmDeactivate}
              </button>
              <button type="button" onClick={() => setConfirming(false)} className="text-xs text-slate-600 hover:underline">
                {TEXT.cancel}
              </button>
            </span>
          </div>
        ) : (
          <button type="button" onClick={() => setConfirming(true)} className="rounded border border-red-200 px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50">
            {TEXT.deactivate}
          </button>
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
