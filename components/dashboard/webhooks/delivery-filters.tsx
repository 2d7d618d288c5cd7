"use client";

import { useState, type FormEvent } from "react";
import { DELIVERY_STATUS_LABELS, DOCUMENT_TYPE_LABELS, ENVIRONMENT_LABELS, EVENT_TYPE_LABELS } from "./labels";

const TEXT = {
  title: "Filter deliveries",
  search: "Search",
  searchPlaceholder: "evt_… event id, delivery id, document id or 44-digit access key",
  status: "Status",
  eventType: "Event type",
  endpoint: "Endpoint",
  environment: "Environment",
  documentType: "Document type",
  from: "From",
  to: "To",
  any: "Any",
  apply: "Apply",
  clear: "Clear",
};

export type DeliveryFilterValues = { search: string; status: string; eventType: string; endpointId: string; environment: string; documentType: string; from: string; to: string };
export const EMPTY_DELIVERY_FILTERS: DeliveryFilterValues = { search: "", status: "", eventType: "", endpointId: "", environment: "", documentType: "", from: "", to: "" };

const fieldClass = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";

function Select({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: Record<string, string>; onChange: (v: string) => void }) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={fieldClass}>
        <option value="">{TEXT.any}</option>
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
  const [values, setValues] = useState(initial);
  const set = (key: keyof DeliveryFilterValues) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(values);
  }
  return (
    <form onSubmit={submit} aria-label={TEXT.title} className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <div>
        <label htmlFor="delivery-search" className="block text-xs font-medium text-slate-600">
          {TEXT.search}
        </label>
        <input id="delivery-search" value={values.search} onChange={(e) => set("search")(e.target.value)} placeholder={TEXT.searchPlaceholder} className={`${fieldClass} font-mono`} />
      </div>
      <div className="grid gap-3 sm:grid-cols-4">
        <Select id="delivery-status" label={TEXT.status} value={values.status} options={DELIVERY_STATUS_LABELS} onChange={set("status")} />
        <Select id="delivery-event-type" label={TEXT.eventType} value={values.eventType} options={EVENT_TYPE_LABELS} onChange={set("eventType")} />
        <Select id="delivery-endpoint" label={TEXT.endpoint} value={values.endpointId} options={endpoints} onChange={set("endpointId")} />
        <Select id="delivery-environment" label={TEXT.environment} value={values.environment} options={ENVIRONMENT_LABELS} onChange={set("environment")} />
        <Select id="delivery-document-type" label={TEXT.documentType} value={values.documentType} options={DOCUMENT_TYPE_LABELS} onChange={set("documentType")} />
        <div>
          <label htmlFor="delivery-from" className="block text-xs font-medium text-slate-600">
            {TEXT.from}
          </label>
          <input id="delivery-from" type="date" value={values.from} onChange={(e) => set("from")(e.target.value)} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="delivery-to" className="block text-xs font-medium text-slate-600">
            {TEXT.to}
          </label>
          <input id="delivery-to" type="date" value={values.to} onChange={(e) => set("to")(e.target.value)} className={fieldClass} />
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500">
            {TEXT.apply}
          </button>
          <button
            type="button"
            onClick={() => {
              setValues(EMPTY_DELIVERY_FILTERS);
              onApply(EMPTY_DELIVERY_FILTERS);
            }}
            className="text-sm text-slate-600 hover:underline"
          >
            {TEXT.clear}
          </button>
        </div>
      </div>
    </form>
  );
}
