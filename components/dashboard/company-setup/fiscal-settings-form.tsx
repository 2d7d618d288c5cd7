"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useIssueMessage, useKnownMessage } from "@/components/i18n/use-issue-message";
import type { z } from "zod";
import { useState, type FormEvent } from "react";
import { FiscalSettingsSchema, type FiscalSettings } from "@/lib/companies/fiscal-settings-schema";
import { ApiError, apiFetch } from "@/lib/client/api-fetch";
import { CodePicker } from "@/components/dashboard/pickers/code-picker";
import type { FiscalTableMatch } from "@/lib/fiscal-tables/contracts";
import { SETTINGS_SECTIONS, type SettingsField, type SettingsFieldName } from "./settings-fields";

type FormValues = Record<SettingsFieldName, string>;
export type FieldErrors = Partial<Record<SettingsFieldName, string>>;

function toFormValues(settings: FiscalSettings): FormValues {
  return Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, v === null || v === undefined ? "" : String(v)])) as FormValues;
}

/** Empty inputs mean "not set". */
export function toPayload(values: FormValues): Record<string, string | null> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() === "" ? null : v]));
}

/** The first issue of each field, described for the person. */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[], describe: (issue: z.core.$ZodIssue) => string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as SettingsFieldName | undefined;
    if (field && !errors[field]) errors[field] = describe(issue);
  }
  return errors;
}

function validate(values: FormValues, describe: (issue: z.core.$ZodIssue) => string): FieldErrors {
  const parsed = FiscalSettingsSchema.safeParse(toPayload(values));
  return parsed.success ? {} : fieldErrorsOf(parsed.error.issues, describe);
}

/** The server answers "body.field: message; body.other: message"; put each under its field. */
export function serverFieldErrors(error: unknown, translate: (message: string) => string): FieldErrors {
  if (!(error instanceof ApiError) || error.code !== "validation_error") return {};
  const errors: FieldErrors = {};
  for (const part of error.message.split("; ")) {
    const match = /^body\.([A-Za-z]+): (.*)$/.exec(part);
    if (match) errors[match[1] as SettingsFieldName] = translate(match[2]!);
  }
  return errors;
}

type Key = Parameters<ReturnType<typeof useTranslations<"settings">>>[0];

/** A select's option by the catalogue: `settings.options.<field>.<value>` ("empty" for ""), the regime and environment by their own keys. */
function optionLabel(name: SettingsFieldName, option: { value: string; label: string }, text: (key: string, fallback: string) => string | undefined): string {
  if (name === "taxRegime") return text(`regime.${option.value}`, option.label) ?? option.label;
  if (name === "environment") return text(`environmentOption.${option.value}`, option.label) ?? option.label;
  return text(`options.${name}.${option.value || "empty"}`, option.label) ?? option.label;
}

export function Field({ field: raw, value, error, onChange, filters }: { field: SettingsField; value: string; error?: string; onChange: (value: string, match?: FiscalTableMatch) => void; filters?: Record<string, string> }) {
  const t = useTranslations("settings");
  // The catalogue's label and hint win; settings-fields.ts keeps the English text for fields added later.
  const text = (key: string, fallback: string | undefined) => (t.has(key as Key) ? t(key as Key) : fallback);
  const field = {
    ...raw,
    label: text(`fields.${raw.name}.label`, raw.label) ?? raw.label,
    hint: text(`fields.${raw.name}.hint`, raw.hint),
    options: raw.options?.map((o) => ({ ...o, label: optionLabel(raw.name, o, text) })),
  };
  const id = `settings-${field.name}`;
  if (field.picker) {
    return <CodePicker inputId={id} label={field.label} table={field.picker} value={value} error={error} hint={field.hint} onChange={onChange} filters={filters} className="text-sm" />;
  }
  const describedBy = [error ? `${id}-error` : null, field.hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const className = `mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none ${error ? "border-red-500 focus:border-red-600" : "border-slate-300 focus:border-indigo-500"}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {field.label}
      </label>
      {field.options ? (
        <select id={id} name={field.name} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={Boolean(error)} aria-describedby={describedBy} className={className}>
          {!field.options.some((o) => o.value === value) && <option value={value}>{value || "—"}</option>}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} name={field.name} type={field.type === "email" ? "email" : "text"} inputMode={field.type === "number" ? "numeric" : undefined} value={field.mask ? field.mask(value) : value} onChange={(e) => onChange(field.mask ? field.mask(e.target.value) : e.target.value)} aria-invalid={Boolean(error)} aria-describedby={describedBy} className={className} />
      )}
      {field.hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function FiscalSettingsForm({ endpoint, initial, canManage }: { endpoint: string; initial: FiscalSettings; canManage: boolean }) {
  const t = useTranslations("settings");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const issueMessage = useIssueMessage();
  const knownMessage = useKnownMessage();
  const router = useRouter();
  const [values, setValues] = useState<FormValues>(() => toFormValues(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (body: Record<string, string | null>) => apiFetch<FiscalSettings>(endpoint, { method: "PATCH", body }),
    onSuccess: (settings) => {
      setValues(toFormValues(settings));
      setSaved(true);
      router.refresh();
    },
    onError: (error) => setErrors(serverFieldErrors(error, knownMessage)),
  });

  function change(name: SettingsFieldName, value: string, match?: FiscalTableMatch) {
    const next = { ...values, [name]: value };
    // A municipality picked by name also fills the city and its state, as IBGE writes them.
    if (name === "municipalityCode" && match) Object.assign(next, { city: match.description, state: match.detail ?? values.state });
    setValues(next);
    setSaved(false);
    // After a first attempt, errors follow the typing so a fix clears its message.
    if (submitted) setErrors(validate(next, issueMessage));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values, issueMessage);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(toPayload(values));
  }

  const errorCount = Object.keys(errors).length;
  const formError = save.error && Object.keys(serverFieldErrors(save.error, knownMessage)).length === 0 ? errorMessage(save.error) : null;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t("title")} className="space-y-6">
      <fieldset disabled={!canManage || save.isPending} className="space-y-6">
        {SETTINGS_SECTIONS.map((section) => (
          <section key={section.title} className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-base font-semibold">{t(`sections.${section.key}.title`)}</h2>
            {section.description && <p className="mt-1 text-sm text-slate-600">{t.has(`sections.${section.key}.description` as Key) ? t(`sections.${section.key}.description` as Key) : section.description}</p>}
            <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {section.fields.map((field) => (
                <Field key={field.name} field={field} value={values[field.name] ?? ""} error={errors[field.name]} onChange={(v, match) => change(field.name, v, match)} filters={field.picker === "municipality" && values.state ? { uf: values.state } : undefined} />
              ))}
            </div>
          </section>
        ))}
      </fieldset>
      {errorCount > 0 && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {errorCount === 1 ? t("oneError") : t("manyErrors", { count: errorCount })}
        </p>
      )}
      {formError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {formError}
        </p>
      )}
      {saved && (
        <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {t("saved")}
        </p>
      )}
      {canManage ? (
        <button type="submit" disabled={save.isPending} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60">
          {save.isPending ? common("saving") : t("save")}
        </button>
      ) : (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("readOnly")}</p>
      )}
    </form>
  );
}
