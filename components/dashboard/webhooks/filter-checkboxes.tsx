"use client";

/** A group of checkboxes for one endpoint filter; none checked means "all". */
export function FilterCheckboxes<K extends string>({ legend, options, value, onChange, allLabel }: { legend: string; options: Record<K, string>; value: K[]; onChange: (next: K[]) => void; allLabel: string }) {
  const keys = Object.keys(options) as K[];
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {keys.map((key) => (
          <label key={key} className="flex items-center gap-1.5">
            <input type="checkbox" checked={value.includes(key)} onChange={(e) => onChange(e.target.checked ? [...value, key] : value.filter((v) => v !== key))} />
            {options[key]}
          </label>
        ))}
      </div>
      {value.length === 0 && <p className="mt-0.5 text-xs text-slate-500">{allLabel}</p>}
    </fieldset>
  );
}
