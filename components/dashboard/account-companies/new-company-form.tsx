"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Field, fieldErrorsOf, serverFieldErrors, toPayload, type FieldErrors } from "@/components/dashboard/company-setup/fiscal-settings-form";
import { SETTINGS_SECTIONS, type SettingsFieldName } from "@/components/dashboard/company-setup/settings-fields";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useIssueMessage, useKnownMessage } from "@/components/i18n/use-issue-message";
import { CreateCompanyBody, type CompanyResource } from "@/lib/companies/api/schemas";
import { apiFetch } from "@/lib/client/api-fetch";
import type { FiscalTableMatch } from "@/lib/fiscal-tables/contracts";

// Step 1 of a new company: identity, address (municipality picker) and regime,
// the fields and labels of the fiscal settings form; the same schema as
// POST /v1/companies. The next steps (certificate, CSC, series) are the
// company's own setup pages, where the form leads.
const SECTIONS = SETTINGS_SECTIONS.filter((section) => section.key === "identification" || section.key === "address");
const FIELDS = new Set<string>(Object.keys(CreateCompanyBody.shape));

type Values = Partial<Record<SettingsFieldName, string>>;
const INITIAL: Values = { taxRegime: "SIMPLES_NACIONAL", environment: "HOMOLOGATION" };

export function NewCompanyForm({ endpoint }: { endpoint: string }) {
  const t = useTranslations("accountCompanies");
  const settings = useTranslations("settings");
  const errorMessage = useErrorMessage();
  const issueMessage = useIssueMessage();
  const knownMessage = useKnownMessage();
  const router = useRouter();
  const [values, setValues] = useState<Values>(INITIAL);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useMutation({
    mutationFn: (body: Record<string, string | null>) => apiFetch<CompanyResource>(endpoint, { method: "POST", body }),
    // The new company's certificate page: the switcher lists it from there on.
    onSuccess: (company) => {
      router.push(`/dashboard/c/${company.id}/certificate`);
      router.refresh();
    },
    onError: (error) => setErrors(serverFieldErrors(error, knownMessage)),
  });

  const payload = () => Object.fromEntries(Object.entries(toPayload(values as Record<SettingsFieldName, string>)).filter(([key, value]) => FIELDS.has(key) && value !== null));

  function change(name: SettingsFieldName, value: string, match?: FiscalTableMatch) {
    const next = { ...values, [name]: value };
    if (name === "municipalityCode" && match) Object.assign(next, { city: match.description, state: match.detail ?? values.state });
    setValues(next);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateCompanyBody.safeParse(payload());
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues, issueMessage);
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate(payload());
  }

  const formError = create.error && Object.keys(serverFieldErrors(create.error, knownMessage)).length === 0 ? errorMessage(create.error) : null;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t("createTitle")} className="space-y-6">
      <fieldset disabled={create.isPending} className="space-y-6">
        {SECTIONS.map((section) => (
          <section key={section.key} className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-base font-semibold">{settings(`sections.${section.key}.title`)}</h2>
            <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {section.fields
                .filter((field) => FIELDS.has(field.name))
                .map((field) => (
                  <Field key={field.name} field={field} value={values[field.name] ?? ""} error={errors[field.name]} onChange={(v, match) => change(field.name, v, match)} filters={field.picker === "municipality" && values.state ? { uf: values.state } : undefined} />
                ))}
            </div>
          </section>
        ))}
      </fieldset>
      {formError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {formError}
        </p>
      )}
      <p className="text-sm text-slate-600">{t("nextSteps")}</p>
      <button type="submit" disabled={create.isPending} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60">
        {create.isPending ? t("creating") : t("create")}
      </button>
    </form>
  );
}
