"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";
import type { EmailSettingsInput, EmailSettingsResponse } from "@/lib/email/schemas";

type TextField = "replyTo" | "copyTo" | "smtpHost" | "smtpPort" | "smtpUser" | "fromAddress";

const blankToNull = (value: string) => (value.trim() === "" ? null : value.trim());

/** The company's e-mail settings: when to send, reply-to and copy, and an optional own SMTP server (password write-only, sealed by the server). */
export function EmailSettingsForm({ endpoint, initial, canManage }: { endpoint: string; initial: EmailSettingsResponse; canManage: boolean }) {
  const t = useTranslations("documentEmails.settings");
  const errorMessage = useErrorMessage();
  const [current, setCurrent] = useState(initial);
  const [flags, setFlags] = useState({ sendOnAuthorization: initial.sendOnAuthorization, sendOnCancellation: initial.sendOnCancellation, sendInHomologation: initial.sendInHomologation, smtpSecure: initial.smtpSecure });
  const [text, setText] = useState<Record<TextField, string>>({
    replyTo: initial.replyTo ?? "",
    copyTo: initial.copyTo ?? "",
    smtpHost: initial.smtpHost ?? "",
    smtpPort: initial.smtpPort === null ? "" : String(initial.smtpPort),
    smtpUser: initial.smtpUser ?? "",
    fromAddress: initial.fromAddress ?? "",
  });
  const [password, setPassword] = useState("");
  const [clearPassword, setClearPassword] = useState(false);
  const save = useMutation({
    mutationFn: (body: EmailSettingsInput) => apiFetch<EmailSettingsResponse>(endpoint, { method: "PATCH", body }),
    onSuccess: (saved) => {
      setCurrent(saved);
      setPassword("");
      setClearPassword(false);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const port = blankToNull(text.smtpPort);
    save.mutate({
      ...flags,
      replyTo: blankToNull(text.replyTo),
      copyTo: blankToNull(text.copyTo),
      smtpHost: blankToNull(text.smtpHost),
      smtpPort: port === null ? null : Number(port),
      smtpUser: blankToNull(text.smtpUser),
      fromAddress: blankToNull(text.fromAddress),
      ...(clearPassword ? { smtpPassword: null } : password ? { smtpPassword: password } : {}),
    });
  };

  const input = (name: TextField, type = "text", placeholder?: string) => (
    <label className="block text-sm">
      <span className="text-slate-700">{t(name)}</span>
      <input
        name={name}
        type={type}
        value={text[name]}
        placeholder={placeholder}
        disabled={!canManage}
        onChange={(event) => setText({ ...text, [name]: event.target.value })}
        className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm disabled:bg-slate-50"
      />
    </label>
  );
  const checkbox = (name: keyof typeof flags) => (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} checked={flags[name]} disabled={!canManage} onChange={(event) => setFlags({ ...flags, [name]: event.target.checked })} />
      {t(name)}
    </label>
  );

  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={t("title")} data-testid="email-settings-form">
      <div>
        <h2 className="text-base font-semibold">{t("title")}</h2>
        <p className="text-xs text-slate-500">{t("intro")}</p>
        <p className="mt-1 text-xs text-slate-700" data-testid="email-sending-via">{t("sendingVia", { via: current.sending })}</p>
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {checkbox("sendOnAuthorization")}
        {checkbox("sendOnCancellation")}
        {checkbox("sendInHomologation")}
        {input("replyTo", "email")}
        {input("copyTo", "email")}
      </div>
      <fieldset className="space-y-2 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold">{t("smtpTitle")}</legend>
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {input("smtpHost")}
          {input("smtpPort", "number")}
          {input("fromAddress", "text", t("fromPlaceholder"))}
          {input("smtpUser")}
          <label className="block text-sm">
            <span className="text-slate-700">{t("smtpPassword")}</span>
            <input name="smtpPassword" type="password" autoComplete="new-password" value={password} disabled={!canManage || clearPassword} onChange={(event) => setPassword(event.target.value)} className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm disabled:bg-slate-50" />
            {current.smtpPasswordConfigured && <span className="mt-1 block text-xs text-slate-500">{t("smtpPasswordKept")}</span>}
          </label>
          {current.smtpPasswordConfigured && (
            <label className="flex items-center gap-2 self-end text-sm">
              <input type="checkbox" checked={clearPassword} disabled={!canManage} onChange={(event) => setClearPassword(event.target.checked)} />
              {t("clearPassword")}
            </label>
          )}
        </div>
        {checkbox("smtpSecure")}
      </fieldset>
      {save.isSuccess && <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">{t("saved")}</p>}
      {save.isError && <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{errorMessage(save.error)}</p>}
      {!canManage && <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("readOnly")}</p>}
      {canManage && (
        <button type="submit" disabled={save.isPending} className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-60">
          {save.isPending ? t("saving") : t("save")}
        </button>
      )}
    </form>
  );
}
