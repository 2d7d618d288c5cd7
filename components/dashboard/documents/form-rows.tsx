"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

// Small building blocks of the document forms (layout only). A Field wraps
// its input in the <label>, so the text names the input for assistive tech.
export const inputClass = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";

export function Field({ label, children, className = "", hint }: { label: string; children: ReactNode; className?: string; hint?: string }) {
  return (
    <label className={`block text-xs font-medium text-slate-600 ${className}`}>
      {label}
      {children}
      {hint && <span className="mt-0.5 block font-normal text-slate-500">{hint}</span>}
    </label>
  );
}

export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between gap-2">
        <legend className="text-base font-semibold">{title}</legend>
        {action}
      </div>
      {children}
    </fieldset>
  );
}

export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-50">
      {label}
    </button>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  const t = useTranslations("common");
  return (
    <button type="button" aria-label={label} onClick={onClick} className="self-end rounded-md px-2 py-1.5 text-sm text-red-700 hover:bg-red-50">
      {t("remove")}
    </button>
  );
}
