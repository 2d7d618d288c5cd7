"use client";

import type { ReactNode } from "react";

// Small building blocks of the new-document form (layout only).
export const inputClass = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";

export function Field({ label, children, className = "" }: { label: string; children: ReactNode; className?: string }) {
  return (
    <label className={`block text-xs font-medium text-slate-600 ${className}`}>
      {label}
      {children}
    </label>
  );
}

export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between">
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
  return (
    <button type="button" aria-label={label} onClick={onClick} className="self-end rounded-md px-2 py-1.5 text-sm text-red-700 hover:bg-red-50">
      Remove
    </button>
  );
}
