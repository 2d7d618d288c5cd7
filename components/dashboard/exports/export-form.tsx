"use client";

import { useMutation } from "@tanstack/react-query";
import { useTimeZone, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { DateInput, MonthInput } from "@/components/dashboard/date-input";
import { DEFAULT_TIME_ZONE } from "@/components/dashboard/format";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { todayIn } from "@/lib/br/date-input";
import { apiFetch } from "@/lib/client/api-fetch";
import { DOCUMENT_TYPES, exportsApi, monthDays, previousMonthOf, type DocumentTypeCode } from "./export-labels";

const fieldClass = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";
const INCLUDES = ["xml", "pdf", "events", "inutilizations", "received"] as const;
type Include = Record<(typeof INCLUDES)[number], boolean>;

export function ExportForm({ companyId, onStarted }: { companyId: string; onStarted: (id: string) => void }) {
  const t = useTranslations("exports.form");
  const types = useTranslations("enums.documentType");
  const errorMessage = useErrorMessage();
  const timeZone = useTimeZone() ?? DEFAULT_TIME_ZONE;
  const today = todayIn(timeZone);
  const [mode, setMode] = useState<"month" | "range">("month");
  const [month, setMonth] = useState(previousMonthOf(today));
  const [range, setRange] = useState({ from: `${today.slice(0, 7)}-01`, to: today });
  const [documentTypes, setDocumentTypes] = useState<DocumentTypeCode[]>([...DOCUMENT_TYPES]);
  const [include, setInclude] = useState<Include>({ xml: true, pdf: false, events: true, inutilizations: true, received: false });
  const [formError, setFormError] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (body: unknown) => apiFetch<{ id: string }>(exportsApi(companyId), { method: "POST", body }),
    onSuccess: (created) => onStarted(created.id),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (documentTypes.length === 0) return setFormError(t("noType"));
    setFormError(null);
    const period = mode === "month" ? monthDays(month) : range;
    start.mutate({ ...period, documentTypes, include });
  }

  const error = formError ?? (start.error ? errorMessage(start.error) : null);
  return (
    <form onSubmit={submit} aria-label={t("title")} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold">{t("title")}</h2>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t("mode")}</legend>
        <div className="mt-1 flex gap-4 text-sm">
          {(["month", "range"] as const).map((value) => (
            <label key={value} className="flex items-center gap-1.5">
              <input type="radio" name="export-mode" checked={mode === value} onChange={() => setMode(value)} />
              {t(value)}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === "month" ? (
        <div className="max-w-xs">
          <label htmlFor="export-month" className="block text-sm font-medium text-slate-700">
            {t("monthField")}
          </label>
          <MonthInput id="export-month" value={month} max={today.slice(0, 7)} onChange={setMonth} className={fieldClass} required testId="export-month" />
        </div>
      ) : (
        <div className="grid max-w-lg gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="export-from" className="block text-sm font-medium text-slate-700">
              {t("from")}
            </label>
            <DateInput id="export-from" value={range.from} onChange={(from) => setRange((r) => ({ ...r, from }))} className={fieldClass} required />
          </div>
          <div>
            <label htmlFor="export-to" className="block text-sm font-medium text-slate-700">
              {t("to")}
            </label>
            <DateInput id="export-to" value={range.to} onChange={(to) => setRange((r) => ({ ...r, to }))} className={fieldClass} required />
          </div>
        </div>
      )}
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t("types")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {DOCUMENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-1.5">
              <input type="checkbox" checked={documentTypes.includes(type)} onChange={(e) => setDocumentTypes((current) => (e.target.checked ? [...current, type] : current.filter((v) => v !== type)))} />
              {types(type)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t("include")}</legend>
        <div className="mt-1 grid gap-1 text-sm sm:grid-cols-2">
          {INCLUDES.map((key) => (
            <label key={key} className="flex items-center gap-1.5">
              <input type="checkbox" checked={include[key]} onChange={(e) => setInclude((current) => ({ ...current, [key]: e.target.checked }))} />
              {t(key)}
            </label>
          ))}
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" disabled={start.isPending} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60">
        {start.isPending ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
