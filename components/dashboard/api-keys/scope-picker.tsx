"use client";

import { useTranslations } from "next-intl";
import { SCOPES } from "@/lib/contracts/scopes";

// Scopes grouped by resource ("documents:read" → documents), one row each.
function groupByResource(all: readonly string[]): Record<string, string[]> {
  return all.reduce<Record<string, string[]>>((acc, scope) => {
    const resource = scope.split(":")[0]!;
    (acc[resource] ??= []).push(scope);
    return acc;
  }, {});
}

/** The scopes a key kind may hold: a company key's by default, an account key's with `available`. */
export function ScopePicker({ selected, onChange, available = SCOPES }: { selected: string[]; onChange: (scopes: string[]) => void; available?: readonly string[] }) {
  const t = useTranslations("apiKeys");
  const groups = groupByResource(available);
  const toggle = (scope: string, on: boolean) => onChange(on ? [...selected, scope] : selected.filter((s) => s !== scope));
  return (
    <fieldset>
      <legend className="flex w-full items-center justify-between text-sm font-medium text-slate-700">
        <span>{t("scopes")}</span>
        <span className="space-x-2 text-xs font-normal">
          <button type="button" onClick={() => onChange([...available])} className="text-indigo-600 hover:underline">
            {t("scopePicker.selectAll")}
          </button>
          <button type="button" onClick={() => onChange(available.filter((s) => s.endsWith(":read")))} className="text-indigo-600 hover:underline">
            {t("scopePicker.readOnly")}
          </button>
          <button type="button" onClick={() => onChange([])} className="text-indigo-600 hover:underline">
            {t("scopePicker.none")}
          </button>
        </span>
      </legend>
      <div className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2">
        {Object.entries(groups).map(([resource, scopes]) => (
          <div key={resource} className="flex items-center justify-between rounded px-2 py-1 odd:bg-slate-50">
            <span className="text-sm text-slate-700">{resource}</span>
            <span className="flex gap-3">
              {scopes.map((scope) => (
                <label key={scope} className="flex items-center gap-1 text-xs text-slate-600">
                  <input type="checkbox" name="scopes" value={scope} aria-label={scope} checked={selected.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} className="h-4 w-4 rounded border-slate-300 text-indigo-600" />
                  {scope.endsWith(":read") ? t("scopePicker.read") : t("scopePicker.write")}
                </label>
              ))}
            </span>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
