"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { DateInput } from "@/components/dashboard/date-input";
import { useWebhookLabels } from "./use-webhook-labels";

export type DeliveryFilterValues = { search: string; status: string; eventType: string; endpointId: string; environment: string; documentType: string; from: string; to: string };
export const EMPTY_DELIVERY_FILTERS: DeliveryFilterValues = { search: "", status: "", eventType: "", endpointId: "", environment: "", documentType: "", from: "", to: "" };

const fieldClass = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";

function Select({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: Record<string, string>; onChange: (v: string) => void }) {
  const any = useTranslations("webhooks.filters")("any");
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={fieldClass}>
        <option value="">{any}</option>
        {Object.entries(options).map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Filters of the delivery log; applied on submit so typing a search does not fire a request per key. */
export function DeliveryFilters({ initial, endpoints, onApply }: { initial: DeliveryFilterValues; endpoints: Record<string, string>; onApply: (values: DeliveryFilterValues) => void }) {
  const t = useTranslations("webhooks.filters");
  const common = useTranslations("common");
  const labels = useWebhookLabels();
  const [values, setValues] = useState(initial);
  // "Limpar" also clears a date typed halfway (the form only holds whole dates): new inputs.
  const [cleared, setCleared] = useState(0);
  const set = (key: keyof DeliveryFilterValues) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(values);
  }
  return (
    <form onSubmit={submit} aria-label={t("title")} className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <div>
        <label htmlFor="delivery-search" className="block text-xs font-medium text-slate-600">
          {t("search")}
        </label>
        <input id="delivery-search" value={values.search} onChange={(e) => set("search")(e.target.value)} placeholder={t("searchPlaceholder")} className={`${fieldClass} font-mono`} />
      </div>
      <div className="grid gap-3 sm:grid-cols-4">
        <Select id="delivery-status" label={t("status")} value={values.status} options={labels.deliveryStatus} onChange={set("status")} />
        <Select id="delivery-event-type" label={t("eventType")} value={values.eventType} options={labels.eventType} onChange={set("eventType")} />
        <Select id="delivery-endpoint" label={t("endpoint")} value={values.endpointId} options={endpoints} onChange={set("endpointId")} />
        <Select id="delivery-environment" label={t("environment")} value={values.environment} options={labels.environment} onChange={set("environment")} />
        <Select id="delivery-document-type" label={t("documentType")} value={values.documentType} options={labels.documentType} onChange={set("documentType")} />
        <div>
          <label htmlFor="delivery-from" className="block text-xs font-medium text-slate-600">
            {t("from")}
          </label>
          <DateInput key={`from-${cleared}`} id="delivery-from" value={values.from} onChange={set("from")} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="delivery-to" className="block text-xs font-medium text-slate-600">
            {t("to")}
          </label>
          <DateInput key={`to-${cleared}`} id="delivery-to" value={values.to} onChange={set("to")} className={fieldClass} />
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500">
            {t("apply")}
          </button>
          <button
            type="button"
            onClick={() => {
              setValues(EMPTY_DELIVERY_FILTERS);
              setCleared((n) => n + 1);
              onApply(EMPTY_DELIVERY_FILTERS);
            }}
            className="text-sm text-slate-600 hover:underline"
          >
            {common("clear")}
          </button>
        </div>
      </div>
    </form>
  );
}
