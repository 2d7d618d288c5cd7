"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useIssueMessages } from "@/components/i18n/use-issue-message";
import { CreateWebhookEndpointInput } from "@/lib/webhooks/schemas";
import { FilterCheckboxes } from "./filter-checkboxes";
import type { DocumentTypeCode, Environment, EventFilter } from "./labels";
import { useWebhookLabels } from "./use-webhook-labels";

export type EndpointFormValues = { url: string; description: string | null; events: EventFilter[]; environments: Environment[]; documentTypes: DocumentTypeCode[] };

const fieldClass = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none";

/** Create or edit an endpoint; validated with the API's own schema before sending. */
export function EndpointForm({ title, submitLabel, initial, pending, serverError, onSubmit, onCancel }: {
  title: string;
  submitLabel: string;
  initial?: EndpointFormValues;
  pending: boolean;
  serverError: string | null;
  onSubmit: (values: EndpointFormValues) => void;
  onCancel?: () => void;
}) {
  const t = useTranslations("webhooks.endpointForm");
  const common = useTranslations("common");
  const labels = useWebhookLabels();
  const issueMessages = useIssueMessages();
  const [url, setUrl] = useState(initial?.url ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [events, setEvents] = useState<EventFilter[]>(initial?.events ?? []);
  const [environments, setEnvironments] = useState<Environment[]>(initial?.environments ?? []);
  const [documentTypes, setDocumentTypes] = useState<DocumentTypeCode[]>(initial?.documentTypes ?? []);
  const [formError, setFormError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const values: EndpointFormValues = { url: url.trim(), description: description.trim() || null, events, environments, documentTypes };
    const parsed = CreateWebhookEndpointInput.safeParse(values);
    if (!parsed.success) {
      setFormError(issueMessages(parsed.error, { url: t("url"), description: t("description") }));
      return;
    }
    setFormError(null);
    onSubmit(values);
  }

  const error = formError ?? serverError;
  const id = initial ? "edit" : "new";
  return (
    <form onSubmit={submit} aria-label={title} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold">{title}</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-endpoint-url`} className="block text-sm font-medium text-slate-700">
            {t("url")}
          </label>
          <input id={`${id}-endpoint-url`} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://erp.example.com/webhooks/fiscal" className={`${fieldClass} font-mono`} />
          <p className="mt-1 text-xs text-slate-500">{t("urlHint")}</p>
        </div>
        <div>
          <label htmlFor={`${id}-endpoint-description`} className="block text-sm font-medium text-slate-700">
            {t("description")}
          </label>
          <input id={`${id}-endpoint-description`} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} className={fieldClass} />
        </div>
      </div>
      <FilterCheckboxes legend={t("events")} options={labels.eventFilter} value={events} onChange={setEvents} allLabel={t("allEvents")} />
      <FilterCheckboxes legend={t("environments")} options={labels.environment} value={environments} onChange={setEnvironments} allLabel={t("allEnvironments")} />
      <FilterCheckboxes legend={t("documentTypes")} options={labels.documentType} value={documentTypes} onChange={setDocumentTypes} allLabel={t("allTypes")} />
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex items-center gap-3">
        <button type="submit" disabled={pending} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60">
          {submitLabel}
        </button>
        {pending && <span className="text-sm text-slate-500">{t("pinging")}</span>}
        {onCancel && (
          <button type="button" onClick={onCancel} className="text-sm text-slate-600 hover:underline">
            {common("cancel")}
          </button>
        )}
      </div>
    </form>
  );
}
