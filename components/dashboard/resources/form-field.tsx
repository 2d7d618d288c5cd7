"use client";

import type { ReactNode } from "react";

// A disabled field (a read-only role, a form being saved) looks like text, not like an input waiting for typing.
export const inputClass = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm aria-[invalid=true]:border-red-500 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-50 disabled:text-slate-600";

/** A labelled control with its inline validation message (role alert, linked by aria-describedby). */
export function FormField({ id, label, error, children, className = "" }: { id: string; label: string; error?: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">{label}</label>
      {children}
      {error && <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-700">{error}</p>}
    </div>
  );
}

export function TextInput({ id, label, value, onChange, error, className, placeholder, type = "text", inputMode }: {
  id: string; label: string; value: string; onChange: (value: string) => void; error?: string; className?: string; placeholder?: string; type?: string; inputMode?: "decimal" | "numeric";
}) {
  return (
    <FormField id={id} label={label} error={error} className={className}>
      <input id={id} type={type} inputMode={inputMode} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={inputClass} />
    </FormField>
  );
}

export function SelectInput({ id, label, value, onChange, options, error, className }: {
  id: string; label: string; value: string; onChange: (value: string) => void; options: { value: string; label: string }[]; error?: string; className?: string;
}) {
  return (
    <FormField id={id} label={label} error={error} className={className}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={inputClass}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </FormField>
  );
}

/** "" → null, so empty inputs mean "not set" in request bodies. */
export const orNull = (value: string) => (value.trim() === "" ? null : value.trim());
/** "SP, RJ" → ["SP", "RJ"]. */
export const listOf = (value: string) => value.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);
