"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import type { UserRole } from "@/lib/auth/session-user";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useIssueMessages } from "@/components/i18n/use-issue-message";
import { apiFetch } from "@/lib/client/api-fetch";
import { AddUserBody, PASSWORD_MIN_LENGTH, type AddedUser } from "@/lib/users/contracts";
import { ROLE_ORDER } from "./role-labels";


const fieldClass = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none";

export function AddUserForm({ endpoint, onAdded }: { endpoint: string; onAdded: (added: AddedUser) => void }) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<UserRole>("SUPPORT");
  const [mode, setMode] = useState<"generate" | "choose">("generate");
  const [password, setPassword] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const t = useTranslations("users.add");
  const roles = useTranslations("enums.role");
  const roleDescriptions = useTranslations("users.roleDescription");
  const errorMessage = useErrorMessage();
  const issueMessages = useIssueMessages();
  const add = useMutation({
    mutationFn: (body: AddUserBody) => apiFetch<AddedUser>(endpoint, { method: "POST", body }),
    onSuccess: (added) => {
      setEmail("");
      setName("");
      setPassword("");
      onAdded(added);
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body: AddUserBody = { email, role, ...(name.trim() ? { name } : {}), ...(mode === "choose" ? { password } : {}) };
    // The route's own schema: the message appears before a round trip.
    const parsed = AddUserBody.safeParse(body);
    if (!parsed.success) {
      setFormError(issueMessages(parsed.error, { email: t("email"), name: t("name"), role: t("role"), password: t("password") }));
      return;
    }
    setFormError(null);
    add.mutate(body);
  }

  const error = formError ?? (add.error ? errorMessage(add.error) : null);
  return (
    <form onSubmit={onSubmit} aria-label={t("title")} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold">{t("title")}</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor="user-email" className="block text-sm font-medium text-slate-700">
            {t("email")}
          </label>
          <input id="user-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} className={fieldClass} autoComplete="off" />
        </div>
        <div>
          <label htmlFor="user-name" className="block text-sm font-medium text-slate-700">
            {t("name")}
          </label>
          <input id="user-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="user-role" className="block text-sm font-medium text-slate-700">
            {t("role")}
          </label>
          <select id="user-role" value={role} onChange={(e) => setRole(e.target.value as UserRole)} className={fieldClass}>
            {ROLE_ORDER.map((r) => (
              <option key={r} value={r}>
                {roles(r)}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-slate-500">{roleDescriptions(role)}</p>
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t("passwordMode")}</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="password-mode" checked={mode === "generate"} onChange={() => setMode("generate")} />
            {t("generate")}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="password-mode" checked={mode === "choose"} onChange={() => setMode("choose")} />
            {t("choose")}
          </label>
        </div>
        {mode === "choose" && (
          <div className="mt-2 max-w-sm">
            <label htmlFor="user-password" className="block text-sm font-medium text-slate-700">
              {t("password")}
            </label>
            <input id="user-password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} maxLength={200} className={fieldClass} autoComplete="new-password" />
            <p className="mt-1 text-xs text-slate-500">{t("passwordHint", { min: PASSWORD_MIN_LENGTH })}</p>
          </div>
        )}
      </fieldset>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" disabled={add.isPending} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60">
        {add.isPending ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
