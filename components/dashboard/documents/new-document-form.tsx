"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { DateInput } from "@/components/dashboard/date-input";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useIssueMessages } from "@/components/i18n/use-issue-message";
import { apiFetch } from "@/lib/client/api-fetch";
import type { DocumentFormOptions, DocumentPreviewResponse } from "@/lib/documents/dashboard-contracts";
import type { DocumentSummary } from "@/lib/documents/response-schemas";
import { CreateDocumentInput } from "@/lib/documents/schemas";
import type { z } from "zod";
import { Field, inputClass, Section } from "./form-rows";
import { ClientSection } from "./form/client-section";
import { buildCreateBody, cfopOperation, initialForm, type DocType, type FormState, type PurposeChoice } from "./form/form-state";
import { InstallmentsSection } from "./form/installments-section";
import { ItemsSection } from "./form/items-section";
import { PaymentsSection } from "./form/payments-section";
import { stateInfo } from "@/lib/br/states";
import { TaxPreview } from "./form/tax-preview";
import { TransportSection } from "./form/transport-section";

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** `edit`: the edit page of a DRAFT or REJECTED document, the same form prefilled; saving sends PATCH (then emit, when asked). */
export function NewDocumentForm({ companyId, edit }: { companyId: string; edit?: { documentId: string; initial: FormState } }) {
  const t = useTranslations("documentForm");
  const types = useTranslations("enums.documentTypeLong");
  const purposes = useTranslations("enums.purpose");
  const errorMessage = useErrorMessage();
  const issueMessages = useIssueMessages();
  const router = useRouter();
  const queryClient = useQueryClient();
  const base = `/api/dashboard/companies/${encodeURIComponent(companyId)}/documents`;
  const options = useQuery({ queryKey: [`${base}/form-options`], queryFn: () => apiFetch<DocumentFormOptions>(`${base}/form-options`) });
  const [form, setFormState] = useState<FormState>(edit?.initial ?? initialForm);
  const setForm = (patch: Partial<FormState>) => setFormState((current) => ({ ...current, ...patch }));
  const [formError, setFormError] = useState<string | null>(null);

  // Live preview of the resolved taxes whenever the body is valid (debounced).
  const timeZone = stateInfo(options.data?.company.state || "SP").timezone;
  // Without the installments: they change no tax nor the total, and the section below checks their sum
  // against the previewed total live; sent along, a sum still being typed made the preview refuse
  // (400 invalid_duplicates) and the total the section needs disappeared.
  const previewBody = buildCreateBody({ ...form, duplicates: [] }, false, timeZone);
  const previewValid = CreateDocumentInput.safeParse(previewBody).success;
  const previewKey = useDebounced(previewValid ? JSON.stringify(previewBody) : null, 500);
  const preview = useQuery({
    queryKey: [`${base}/preview`, previewKey],
    queryFn: () => apiFetch<z.infer<typeof DocumentPreviewResponse>>(`${base}/preview`, { method: "POST", body: JSON.parse(previewKey!) }),
    enabled: previewKey !== null,
    retry: false,
  });

  const create = useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      if (!edit) return apiFetch<DocumentSummary>(base, { method: "POST", body });
      const { emit, ...content } = body;
      const saved = await apiFetch<DocumentSummary>(`${base}/${edit.documentId}`, { method: "PATCH", body: content });
      if (emit) await apiFetch(`${base}/${edit.documentId}/emit`, { method: "POST", body: {} });
      return saved;
    },
    onSuccess: (created) => {
      // Cached list pages (keyed by their URL) must show the new document.
      void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(`${base}?`) });
      router.push(`/dashboard/c/${companyId}/documents/${created.id}`);
    },
  });

  function submit(emit: boolean) {
    const body = buildCreateBody(form, emit, timeZone);
    // The route's own schema: messages appear before the round trip.
    const parsed = CreateDocumentInput.safeParse(body);
    if (!parsed.success) {
      setFormError(`${t("invalid")} ${issueMessages({ issues: parsed.error.issues.slice(0, 4) })}`);
      return;
    }
    setFormError(null);
    create.mutate(body);
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    submit(submitter?.value === "emit");
  };

  const data = options.data;
  const clients = data?.clients ?? [];
  const recipientState = form.clientMode === "anonymous" ? undefined : form.clientMode === "existing" ? clients.find((c) => c.id === form.clientId)?.state : form.inline.state;
  const operation = cfopOperation(form.type, data?.company.state ?? "", recipientState);
  const model = form.type === "NFSE" ? "NFSE" : "NFE";
  const error = formError ?? (create.error ? errorMessage(create.error) : null);
  if (options.isPending) return <p className="text-sm text-slate-500">{t("loading")}</p>;
  if (options.isError || !data) return <p role="alert" className="text-sm text-red-700">{errorMessage(options.error)}</p>;
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={t("title")}>
      <Section title={t("document.title")}>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {/* Half the row below 1024 px: in a quarter of a tablet's content width "NFS-e (padrão nacional)" was cut off. */}
          <Field label={t("document.type")} className="col-span-2 lg:col-span-1">
            <select value={form.type} disabled={!!edit} onChange={(e) => setForm({ type: e.target.value as DocType, templateId: "", taxRuleId: "" })} className={inputClass}>
              {(["NFE", "NFCE", "NFSE"] as const).map((type) => <option key={type} value={type}>{types(type)}</option>)}
            </select>
          </Field>
          <Field label={t("document.operationNature")} className="col-span-2 lg:col-span-3" hint={t("document.operationNatureHint")}>
            <input value={form.operationNature} maxLength={60} placeholder="VENDA DE MERCADORIA" onChange={(e) => setForm({ operationNature: e.target.value.toUpperCase() })} className={inputClass} />
          </Field>
          {form.type === "NFE" && (
            <>
              {/* The whole row below 1024 px too: "Automática (normal, ou devolução com modelo de devolução)" was cut at half a tablet's row. */}
              <Field label={t("document.purpose")} className="col-span-2 md:col-span-4 lg:col-span-2">
                <select value={form.purpose} onChange={(e) => setForm({ purpose: e.target.value as PurposeChoice })} className={inputClass} data-testid="purpose-select">
                  <option value="">{t("document.purposeAuto")}</option>
                  {(["NORMAL", "COMPLEMENTARY", "ADJUSTMENT", "RETURN"] as const).map((purpose) => <option key={purpose} value={purpose}>{purposes(purpose)}</option>)}
                </select>
              </Field>
              {/* The whole row below 1024 px: a 44-digit key did not fit half a tablet's row and was cut. */}
              <Field label={t("document.referencedKeys")} className="col-span-2 md:col-span-4 lg:col-span-2" hint={t("document.referencedKeysHint")}>
                <textarea value={form.referencedKeys} rows={1} onChange={(e) => setForm({ referencedKeys: e.target.value })} className={`${inputClass} font-mono text-xs`} data-testid="referenced-keys" />
              </Field>
            </>
          )}
          <Field label={t("document.issueAt")} className="col-span-2" hint={t("document.issueAtHint")}>
            <DateInput withTime value={form.issueAt ?? ""} onChange={(issueAt) => setForm({ issueAt })} className={inputClass} testId="issue-at" />
          </Field>
          <Field label={t("document.template")} className="col-span-2">
            <select value={form.templateId} onChange={(e) => setForm({ templateId: e.target.value })} className={inputClass}>
              <option value="">{t("document.noTemplate")}</option>
              {data.templates.filter((tpl) => tpl.type === model).map((tpl) => <option key={tpl.id} value={tpl.id}>{tpl.name}</option>)}
            </select>
          </Field>
          <Field label={t("document.taxRule")} className="col-span-2">
            <select value={form.taxRuleId} onChange={(e) => setForm({ taxRuleId: e.target.value })} className={inputClass}>
              <option value="">{t("document.noTaxRule")}</option>
              {data.taxRules.filter((rule) => rule.model === model).map((rule) => <option key={rule.id} value={rule.id}>{rule.name}</option>)}
            </select>
          </Field>
        </div>
      </Section>
      <ClientSection form={form} setForm={setForm} clients={clients} />
      <ItemsSection form={form} setForm={setForm} products={data.products} operation={operation} />
      <TaxPreview preview={preview.data} pending={preview.isFetching || (previewValid && previewKey === null)} error={preview.isError ? errorMessage(preview.error) : null} />
      <PaymentsSection form={form} setForm={setForm} />
      <InstallmentsSection form={form} setForm={setForm} total={preview.data?.totalValue ?? null} />
      {form.type === "NFE" && <TransportSection form={form} setForm={setForm} carriers={data.carriers} interstate={operation === "INTERSTATE"} />}
      <Section title={t("additionalInfo.title")}>
        <Field label={t("additionalInfo.label")} hint={t("additionalInfo.hint")}>
          <textarea value={form.additionalInfo} rows={3} maxLength={5000} onChange={(e) => setForm({ additionalInfo: e.target.value })} className={inputClass} />
        </Field>
      </Section>
      {error && <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">{error}</p>}
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="action" value="draft" disabled={create.isPending} className="rounded-md border border-indigo-600 px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 disabled:opacity-60">
          {create.isPending ? t(edit ? "saving" : "creating") : t(edit ? "saveChanges" : "createDraft")}
        </button>
        <button type="submit" name="action" value="emit" disabled={create.isPending} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60">
          {t(edit ? "saveAndEmit" : "createAndEmit")}
        </button>
      </div>
    </form>
  );
}
