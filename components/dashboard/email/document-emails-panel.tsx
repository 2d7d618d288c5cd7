"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTimeZone, useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { ApiError, apiFetch } from "@/lib/client/api-fetch";
import type { DocumentEmailResponse } from "@/lib/email/schemas";
import { smtpReplyText } from "@/lib/email/smtp-reply-text";
import { DataTable, QueryFrame } from "../resources/query-frame";
import { formatDateTime } from "../format";
import { EmailPreview } from "./email-preview";

// Refusals of a resend explained in plain words (documentEmails.errors).
const RESEND_ERROR_CODES = ["document_without_outcome", "email_recipient_missing", "rate_limited", "forbidden_role"] as const;
type ResendErrorCode = (typeof RESEND_ERROR_CODES)[number];

const STATUS_STYLE: Record<DocumentEmailResponse["status"], string> = {
  QUEUED: "bg-sky-100 text-sky-800",
  SENT: "bg-emerald-100 text-emerald-800",
  FAILED: "bg-rose-100 text-rose-800",
  NOT_CONFIGURED: "bg-amber-100 text-amber-900",
};

/** The document page's e-mail section: each message (recipients, trigger, status, SMTP reply, attempts), its preview, and "Reenviar e-mail". */
export function DocumentEmailsPanel({ companyId, documentId, canResend }: { companyId: string; documentId: string; canResend: boolean }) {
  const t = useTranslations("documentEmails");
  const resendErrors = useTranslations("documentEmails.errors");
  const errorMessage = useErrorMessage();
  // The company layout provides its state's zone (America/Manaus for AM…).
  const timeZone = useTimeZone();
  const plainError = (error: unknown) =>
    error instanceof ApiError && RESEND_ERROR_CODES.includes(error.code as ResendErrorCode) ? resendErrors(error.code as ResendErrorCode) : errorMessage(error);
  const base = `/api/dashboard/companies/${encodeURIComponent(companyId)}/documents/${encodeURIComponent(documentId)}`;
  const key = [`${base}/emails`];
  const queryClient = useQueryClient();
  const [to, setTo] = useState("");
  const [previewId, setPreviewId] = useState<string | null>(null);
  const emails = useQuery({
    queryKey: key,
    queryFn: () => apiFetch<{ data: DocumentEmailResponse[] }>(`${base}/emails`),
    refetchInterval: (query) => (query.state.data?.data.some((e) => e.status === "QUEUED") ? 2_000 : false),
  });
  const resend = useMutation({
    mutationFn: () => {
      const addresses = to.split(/[;,\s]+/).map((a) => a.trim()).filter(Boolean);
      return apiFetch<DocumentEmailResponse>(`${base}/email`, { method: "POST", body: addresses.length > 0 ? { to: addresses } : {} });
    },
    onSuccess: () => {
      setTo("");
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  return (
    <section aria-label={t("title")} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="document-emails-panel">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold">{t("title")}</h2>
          <p className="text-xs text-slate-500">{t("intro")}</p>
        </div>
        {canResend && (
          <form
            className="flex flex-wrap items-center gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              resend.mutate();
            }}
          >
            <label className="text-xs text-slate-600">
              <span className="sr-only">{t("toLabel")}</span>
              <input
                type="text"
                value={to}
                onChange={(event) => setTo(event.target.value)}
                placeholder={t("toPlaceholder")}
                aria-label={t("toLabel")}
                className="w-64 max-w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
              />
            </label>
            <button type="submit" disabled={resend.isPending} className="rounded-md border border-indigo-600 px-3 py-1.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 disabled:opacity-60">
              {resend.isPending ? t("sending") : t("resend")}
            </button>
          </form>
        )}
      </div>
      {resend.isSuccess && <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">{t("queued", { recipients: resend.data.recipients.join(", ") })}</p>}
      {resend.isError && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {plainError(resend.error)}
        </p>
      )}
      <QueryFrame query={emails} loading={t("loading")} isEmpty={(data) => data.data.length === 0} empty={t("empty")}>
        {(data) => (
          <DataTable headers={[t("status"), t("trigger"), t("recipients"), t("attempts"), t("smtpReply"), t("created")]}>
            {data.data.map((email) => (
              <tr key={email.id} data-testid="document-email-row" className="align-top hover:bg-slate-50">
                <td className="px-3 py-2">
                  <span className={`whitespace-nowrap rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[email.status]}`}>{t(`statusLabel.${email.status}`)}</span>
                  {/* In the first column: a tablet scrolls the table sideways, and the action must stay in view. */}
                  {email.subject && (
                    <button type="button" className="mt-1 block whitespace-nowrap text-xs text-indigo-700 hover:underline" aria-expanded={previewId === email.id} onClick={() => setPreviewId(previewId === email.id ? null : email.id)}>
                      {previewId === email.id ? t("hidePreview") : t("preview")}
                    </button>
                  )}
                </td>
                <td className="px-3 py-2 text-xs">{t(`triggerLabel.${email.trigger}`)}</td>
                <td className="px-3 py-2 text-xs">
                  {email.recipients.join(", ") || "—"}
                  {email.cc.length > 0 && <span className="block text-slate-500">{t("cc", { addresses: email.cc.join(", ") })}</span>}
                </td>
                <td className="px-3 py-2 text-xs">
                  {email.attempts}
                  {email.nextAttemptAt && <span className="block text-slate-500">{t("nextAttempt", { at: formatDateTime(email.nextAttemptAt, timeZone) })}</span>}
                </td>
                <td className="min-w-56 max-w-xs break-words px-3 py-2 text-[11px]" data-testid="smtp-reply"><SmtpReply reply={email.smtpReply} /></td>
                <td className="whitespace-nowrap px-3 py-2 text-xs">{formatDateTime(email.createdAt, timeZone)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryFrame>
      {previewId && <EmailPreview url={`${base}/emails/${encodeURIComponent(previewId)}`} />}
    </section>
  );
}

/** The server's reply with its code once ("250 queued", never "250 250 queued") and what the code means. */
function SmtpReply({ reply }: { reply: string | null }) {
  const t = useTranslations("documentEmails.smtpKind");
  if (!reply) return <>—</>;
  const { code, text, kind } = smtpReplyText(reply);
  return (
    <>
      <span className="font-mono">{code === null ? text : `${code} ${text}`.trim()}</span>
      {kind && <span className="block text-slate-500">{t(kind)}</span>}
    </>
  );
}
