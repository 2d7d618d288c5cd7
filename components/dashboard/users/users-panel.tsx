"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import type { AddedUser, UserSummary } from "@/lib/users/contracts";
import { AddUserForm } from "./add-user-form";
import { GeneratedPasswordNotice } from "./generated-password-notice";
import { UserRow } from "./user-row";

const TEXT = {
  heading: "Users",
  loading: "Loading users…",
  retry: "Try again",
  empty: "No users yet.",
  columns: ["User", "Role", "Status", "Added", "Actions"],
};

export function UsersPanel({ companyId, currentUserId }: { companyId: string; currentUserId: string }) {
  const endpoint = `/api/dashboard/companies/${encodeURIComponent(companyId)}/users`;
  const queryClient = useQueryClient();
  const [added, setAdded] = useState<{ email: string; password: string } | null>(null);
  const users = useQuery({ queryKey: [endpoint], queryFn: () => apiFetch<{ data: UserSummary[] }>(endpoint) });

  function onAdded(result: AddedUser) {
    setAdded(result.generatedPassword ? { email: result.user.email, password: result.generatedPassword } : null);
    void queryClient.invalidateQueries({ queryKey: [endpoint] });
  }

  return (
    <div className="space-y-6">
      {added && <GeneratedPasswordNotice email={added.email} password={added.password} onDismiss={() => setAdded(null)} />}
      <AddUserForm endpoint={endpoint} onAdded={onAdded} />
      <section>
        <h2 className="mb-2 text-base font-semibold">{TEXT.heading}</h2>
        {users.isPending ? (
          <p className="text-sm text-slate-500">{TEXT.loading}</p>
        ) : users.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(users.error)}{" "}
            <button type="button" className="underline" onClick={() => void users.refetch()}>
              {TEXT.retry}
            </button>
          </p>
        ) : users.data.data.length === 0 ? (
          <p className="text-sm text-slate-500">{TEXT.empty}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-left">
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
                {users.data.data.map((user) => (
                  <UserRow key={user.id} user={user} endpoint={endpoint} isSelf={user.id === currentUserId} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
