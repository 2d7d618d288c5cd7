"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { DataTable, QueryFrame } from "@/components/dashboard/resources/query-frame";
import { apiFetch } from "@/lib/client/api-fetch";
import type { AddedUser, UserSummary } from "@/lib/users/contracts";
import { AddUserForm } from "./add-user-form";
import { GeneratedPasswordNotice } from "./generated-password-notice";
import { UserRow } from "./user-row";

export function UsersPanel({ companyId, currentUserId }: { companyId: string; currentUserId: string }) {
  const t = useTranslations("users.list");
  const endpoint = `/api/dashboard/companies/${encodeURIComponent(companyId)}/users`;
  const queryClient = useQueryClient();
  const [added, setAdded] = useState<{ email: string; password: string; reset: boolean } | null>(null);
  const users = useQuery({ queryKey: [endpoint], queryFn: () => apiFetch<{ data: UserSummary[] }>(endpoint) });

  function onAdded(result: AddedUser) {
    setAdded(result.generatedPassword ? { email: result.user.email, password: result.generatedPassword, reset: false } : null);
    void queryClient.invalidateQueries({ queryKey: [endpoint] });
  }

  return (
    <div className="space-y-6">
      {added && <GeneratedPasswordNotice email={added.email} password={added.password} reset={added.reset} onDismiss={() => setAdded(null)} />}
      <AddUserForm endpoint={endpoint} onAdded={onAdded} />
      <section>
        <h2 className="mb-2 text-base font-semibold">{t("heading")}</h2>
        <QueryFrame query={users} loading={t("loading")} isEmpty={(data) => data.data.length === 0} empty={t("empty")}>
          {(data) => (
            <DataTable headers={[t("user"), t("role"), t("status"), t("added"), t("actions")]} stickyLastColumn>
              {data.data.map((user) => (
                <UserRow key={user.id} user={user} endpoint={endpoint} isSelf={user.id === currentUserId} onReset={(result) => result.generatedPassword && setAdded({ email: result.user.email, password: result.generatedPassword, reset: true })} />
              ))}
            </DataTable>
          )}
        </QueryFrame>
      </section>
    </div>
  );
}
