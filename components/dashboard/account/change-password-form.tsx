"use client";

import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useIssueMessages } from "@/components/i18n/use-issue-message";
import { apiFetch } from "@/lib/client/api-fetch";
import { PASSWORD_MIN_LENGTH } from "@/lib/users/contracts";
import { ChangeOwnPasswordBody } from "@/lib/users/password-contracts";

const fieldClass = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none";
const ENDPOINT = "/api/dashboard/account/password";

/**
 * The user's own password. The change ends every session of the user, this
 * one too (lib/users/passwords.ts), so the form signs in again with the new
 * password and opens the dashboard.
 */
export function ChangePasswordForm({ email }: { email: string }) {
  const t = useTranslations("account.password");
  const errorMessage = useErrorMessage();
  const issueMessages = useIssueMessages();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: async (body: ChangeOwnPasswordBody) => {
      await apiFetch(ENDPOINT, { method: "POST", body });
      const result = await signIn("credentials", { redirect: false, email, password: body.newPassword });
      // Signed out by the change itself; the sign-in page takes the new password.
      window.location.assign(result?.ok && !result.error ? "/dashboard" : "/signin");
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body: ChangeOwnPasswordBody = { currentPassword, newPassword };
    const parsed = ChangeOwnPasswordBody.safeParse(body);
    if (!parsed.success) {
      setFormError(issueMessages(parsed.error, { currentPassword: t("current"), newPassword: t("new") }));
      return;
    }
    if (newPassword !== confirmation) {
      setFormError(t("mismatch"));
      return;
    }
    setFormError(null);
    change.mutate(body);
  }

  const error = formError ?? (change.error ? errorMessage(change.error) : null);
  const pending = change.isPending || change.isSuccess;
  return (
    <form onSubmit={onSubmit} aria-label={t("title")} className="max-w-md space-y-4 rounded-lg border border-slate-200 bg-white p-4" noValidate>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div>
        <label htmlFor="current-password" className="block text-sm font-medium text-slate-700">
          {t("current")}
        </label>
        <input id="current-password" type="password" value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} maxLength={200} autoComplete="current-password" className={fieldClass} />
      </div>
      <div>
        <label htmlFor="new-password" className="block text-sm font-medium text-slate-700">
          {t("new")}
        </label>
        <input id="new-password" type="password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} maxLength={200} autoComplete="new-password" className={fieldClass} />
        <p className="mt-1 text-xs text-slate-500">{t("hint", { min: PASSWORD_MIN_LENGTH })}</p>
      </div>
      <div>
        <label htmlFor="confirm-password" className="block text-sm font-medium text-slate-700">
          {t("confirm")}
        </label>
        <input id="confirm-password" type="password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} maxLength={200} autoComplete="new-password" className={fieldClass} />
      </div>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <p className="text-xs text-slate-500">{t("sessionsEnd")}</p>
      <button type="submit" disabled={pending} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60">
        {pending ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
