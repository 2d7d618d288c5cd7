"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { CodePicker, type PickerTable } from "@/components/dashboard/pickers/code-picker";
import type { FiscalTableMatch } from "@/lib/fiscal-tables/contracts";
import { parseDecimalInput } from "@/lib/br/decimal-input";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";
import { useIssueMessage, useKnownMessage } from "@/components/i18n/use-issue-message";
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from "./field-errors";
import { SelectInput, TextInput } from "./form-field";

export type FieldDef = {
  /** Dotted path in the request body ("nfeConfig.icmsCst"). */
  name: string;
  label: string;
  /** decimal: typed "1.234,56" or "1234.56", sent as "1234.56"; picker: a code from an official table. */
  kind?: "text" | "select" | "checkbox" | "decimal" | "picker";
  options?: { value: string; label: string }[];
  table?: PickerTable;
  /** Picker filters read from other fields ({ uf: "state" }: municipalities of the chosen state). */
  filterFrom?: Record<string, string>;
  /** Fixed picker filters ({ operation: "INTERSTATE" }: only 6xxx CFOPs). */
  filters?: Record<string, string>;
  /** Other fields a picked entry fills (a municipality's name fills the city). */
  fillFrom?: (match: FiscalTableMatch) => Record<string, string>;
  /** Applied while typing (CPF/CNPJ, CEP, phone, plate masks). */
  mask?: (value: string) => string;
  /** What is sent for a typed value (a phone's digits without the mask). */
  send?: (value: string) => string;
  required?: boolean;
  placeholder?: string;
};
export type FormValues = Record<string, string | boolean>;

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys[keys.length - 1]!] = value;
}

/**
 * The body a form sends: on create, empty optional inputs are left out (so
 * defaults and suggestions apply); on edit they are sent as null (clear).
 */
export function formBody(fields: FieldDef[], values: FormValues, mode: "create" | "edit"): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (typeof value === "boolean") setPath(body, field.name, value);
    else if (field.kind === "decimal" && (value ?? "").trim() !== "") setPath(body, field.name, parseDecimalInput(value ?? "") ?? (value ?? "").trim());
    else if ((value ?? "").trim() !== "" || field.required) setPath(body, field.name, field.send ? field.send((value ?? "").trim()) : (value ?? "").trim());
    else if (mode === "edit") setPath(body, field.name, null);
  }
  return body;
}

/** A register form validated in the browser with the route's own zod schema, then by the API (errors inline). */
export function SimpleForm({ ariaLabel, title, fields, initial, schema, url, method, invalidate, onDone, submitLabel }: {
  ariaLabel: string; title: string; fields: FieldDef[]; initial: FormValues; schema: z.ZodType; url: string; method: "POST" | "PATCH";
  invalidate: string; onDone: () => void; submitLabel: string;
}) {
  const t = useTranslations("common");
  const errorMessage = useErrorMessage();
  const issueMessage = useIssueMessage();
  const knownMessage = useKnownMessage();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: (body: unknown) => apiFetch(url, { method, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [invalidate] });
      onDone();
    },
    onError: (error) => setErrors({ ...apiFieldErrors(error, knownMessage), "": errorMessage(error) }),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = formBody(fields, values, method === "POST" ? "create" : "edit");
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error, issueMessage));
      return;
    }
    setErrors({});
    save.mutate(body);
  };
  const id = (name: string) => `${ariaLabel.replace(/\W+/g, "-").toLowerCase()}-${name.replace(/\./g, "-")}`;

  return (
    <form aria-label={ariaLabel} onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold">{title}</h2>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {fields.map((field) => {
          const value = values[field.name];
          const error = errors[field.name];
          if (field.kind === "checkbox") {
            return (
              <label key={field.name} className="mt-5 flex items-center gap-2 text-sm">
                <input type="checkbox" checked={value === true} onChange={(e) => setValues({ ...values, [field.name]: e.target.checked })} /> {field.label}
              </label>
            );
          }
          if (field.kind === "picker" && field.table) {
            return (
              <CodePicker
                key={field.name}
                inputId={id(field.name)}
                label={field.label}
                table={field.table}
                value={String(value ?? "")}
                error={error}
                filters={{ ...field.filters, ...Object.fromEntries(Object.entries(field.filterFrom ?? {}).map(([filter, source]) => [filter, String(values[source] ?? "")])) }}
                onChange={(code, match) => setValues({ ...values, [field.name]: code, ...(match && field.fillFrom?.(match)) })}
              />
            );
          }
          if (field.kind === "select") {
            return <SelectInput key={field.name} id={id(field.name)} label={field.label} value={String(value ?? "")} options={field.options ?? []} error={error} onChange={(v) => setValues({ ...values, [field.name]: v })} />;
          }
          return <TextInput key={field.name} id={id(field.name)} label={field.label} placeholder={field.placeholder} value={String(value ?? "")} error={error} inputMode={field.kind === "decimal" ? "decimal" : undefined} onChange={(v) => setValues({ ...values, [field.name]: field.mask ? field.mask(v) : v })} />;
        })}
      </div>
      {errors[""] && <p role="alert" className="text-sm text-red-700">{errors[""]}</p>}
      <div className="flex gap-2">
        <button type="submit" disabled={save.isPending} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-50">
          {save.isPending ? t("saving") : submitLabel}
        </button>
        <button type="button" onClick={onDone} className="rounded-md px-3 py-2 text-sm text-slate-600 hover:bg-slate-100">{t("cancel")}</button>
      </div>
    </form>
  );
}

/** Form values from a record: nested objects flattened to dotted names, null as "". */
export function valuesFrom(fields: FieldDef[], record: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    let node: unknown = record;
    for (const key of field.name.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
    // A decimal as a Brazilian types it ("3,5"): the API's "3.500" shown as is would read as three thousand five hundred.
    values[field.name] = typeof node === "boolean" ? node : node === null || node === undefined ? "" : field.kind === "decimal" ? String(node).replace(".", ",") : String(node);
  }
  return values;
}
