"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";

type Settings = { accountantEmail: string | null };

/** The company's accountant e-mail: the monthly ZIP link goes there on the 1st. */
export function AccountantEmailForm({ companyId, canEdit }: { companyId: string; canEdit: boolean }) {
  const t = useTranslations("exports.accountant");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const api = `/api/dashboard/companies/${encodeURIComponent(companyId)}/export-settings`;
  const settings = useQuery({ queryKey: [api], queryFn: () => apiFetch<Settings>(api) });
  return (
    <section aria-label={t("title")} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold">{t("title")}</h2>
      <p className="text-sm text-slate-600">{t("intro")}</p>
      {settings.isLoading ? (
        <p className="text-sm text-slate-500">{common("loading")}</p>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-700">{errorMessage(settings.error)}</p>
      ) : (
        <EmailField key={settings.dataUpdatedAt} api={api} initial={settings.data?.accountantEmail ?? ""} canEdit={canEdit} />
      )}
      <p className="text-xs text-slate-500">{canEdit ? t("off") : t("readOnly")}</p>
    </section>
  );
}

function EmailField({ api, initial, canEdit }: { api: string; initial: string; canEdit: boolean }) {
  const t = useTranslations("exports.accountant");
  const errorMessage = useErrorMessage();
  const [email, setEmail] = useState(initial);
  const save = useMutation({ mutationFn: (accountantEmail: string) => apiFetch<Settings>(api, { method: "PUT", body: { accountantEmail: accountantEmail.trim() || null } }) });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(email);
  }

  return (
    <form onSubmit={submit} className="space-y-2">
      <div className="flex max-w-lg flex-wrap items-end gap-2">
        <div className="min-w-[16rem] flex-1">
          <label htmlFor="accountant-email" className="block text-sm font-medium text-slate-700">
            {t("email")}
          </label>
          <input id="accountant-email" type="email" value={email} disabled={!canEdit} onChange={(e) => setEmail(e.target.value)} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm" placeholder="contador@escritorio.com.br" />
        </div>
        {canEdit && (
          <button type="submit" disabled={save.isPending} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60">
            {save.isPending ? t("saving") : t("save")}
          </button>
        )}
      </div>
      {save.isSuccess && <p role="status" className="text-sm text-emerald-700">{t("saved")}</p>}
      {save.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(save.error)}</p>}
    </form>
  );
}
