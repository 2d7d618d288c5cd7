"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { useCompanyId } from "@/components/dashboard/company-context";
import { apiFetch } from "@/lib/client/api-fetch";
import type { FiscalTableMatch, FiscalTableResponse } from "@/lib/fiscal-tables/contracts";

export type PickerTable =
  | "ncm" | "cfop" | "cest" | "icms-origin" | "icms-situation" | "icms-cst" | "icms-csosn" | "icms-mod-bc" | "icms-mod-bc-st"
  | "pis-cofins-cst" | "ipi-cst" | "nfse-service" | "nbs" | "ibscbs-cst" | "cclasstrib" | "municipality";

type Props = {
  label: string;
  table: PickerTable;
  value: string;
  /** The chosen code, with its table entry when picked from the list (a municipality's name fills the city). */
  onChange: (code: string, match?: FiscalTableMatch) => void;
  /** Table filters: CFOP operation, CEST ncm, cClassTrib cst, municipality uf. */
  filters?: Partial<Record<"operation" | "ncm" | "cst" | "uf", string>>;
  className?: string;
  hint?: string;
  /** Fixed input id (its error is `${inputId}-error`); generated otherwise. */
  inputId?: string;
  error?: string;
};

const inputClass = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * A field taking a code from an official table: type a code or words, pick
 * from "code – description" (arrows and Enter, or the mouse). The chosen
 * code's description stays under the field. A code typed whole is kept as is
 * (the API accepts any code its schema allows).
 */
export function CodePicker({ label, table, value, onChange, filters = {}, className = "", hint, inputId, error }: Props) {
  const t = useTranslations("pickers");
  const companyId = useCompanyId();
  const generatedId = useId();
  const id = inputId ?? generatedId;
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDebounced(text ?? "", 200);
  const params = new URLSearchParams({ limit: "30" });
  for (const [key, v] of Object.entries(filters)) if (v) params.set(key, v);
  const base = `/api/dashboard/companies/${encodeURIComponent(companyId)}/fiscal-tables/${table}`;
  const searchUrl = `${base}?${params}&q=${encodeURIComponent(query)}`;
  const results = useQuery({ queryKey: [searchUrl], queryFn: () => apiFetch<FiscalTableResponse>(searchUrl), enabled: open, placeholderData: keepPreviousData, staleTime: 60 * 60_000 });
  const chosenUrl = `${base}?q=${encodeURIComponent(value)}&limit=5`;
  const chosen = useQuery({ queryKey: [chosenUrl], queryFn: () => apiFetch<FiscalTableResponse>(chosenUrl), enabled: value !== "", staleTime: 60 * 60_000 });
  const chosenEntry = chosen.data?.data.find((m) => m.code === value);
  // Until the debounced search catches up with the typing, the list would be the previous search's.
  const stale = (text ?? "") !== query;
  const options = stale ? [] : (results.data?.data ?? []);

  const pick = (match: FiscalTableMatch) => {
    onChange(match.code, match);
    setText(null);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(options.length - 1, 0)));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === "Enter" && open && options[active]) {
      event.preventDefault();
      pick(options[active]!);
    } else if (event.key === "Escape") {
      setOpen(false);
      setText(null);
    }
  };
  const commitTyped = () => {
    // A whole code typed without picking is kept (digits only, as the API takes it).
    if (text !== null) {
      const typed = text.trim();
      const exact = options.find((m) => m.code === typed.replace(/[.\-\s]/g, ""));
      if (exact) onChange(exact.code, exact);
      else if (typed === "" || /^[\d.\-\s]+$/.test(typed)) onChange(typed.replace(/[.\-\s]/g, ""));
    }
    setText(null);
    setOpen(false);
  };

  const listId = `${id}-list`;
  return (
    <div className={`relative text-xs font-medium text-slate-600 ${className}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${id}-opt-${active}` : undefined}
        aria-describedby={error ? `${id}-error ${id}-desc` : `${id}-desc`}
        aria-invalid={error ? true : undefined}
        autoComplete="off"
        placeholder={t("placeholder")}
        value={text ?? value}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={commitTyped}
        onKeyDown={onKeyDown}
        className={inputClass}
      />
      <p id={`${id}-desc`} className="mt-0.5 line-clamp-2 font-normal text-slate-500" data-testid="picker-description">
        {value ? (chosenEntry ? chosenEntry.description : chosen.isFetching ? "…" : t("notInTable")) : hint ?? ""}
      </p>
      {error && <p id={`${id}-error`} role="alert" className="mt-0.5 text-xs font-normal text-red-700">{error}</p>}
      {open && (
        <ul id={listId} role="listbox" aria-label={label} className="absolute z-20 mt-1 max-h-72 w-[min(32rem,90vw)] overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg">
          {options.length === 0 ? (
            <li className="px-3 py-2 text-slate-500">{stale || results.isFetching ? t("searching") : t("noMatch")}</li>
          ) : (
            options.map((match, index) => (
              <li
                key={match.code}
                id={`${id}-opt-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(match);
                }}
                onMouseEnter={() => setActive(index)}
                className={`cursor-pointer px-3 py-1.5 ${index === active ? "bg-indigo-50" : ""}`}
              >
                <span className="font-mono font-semibold text-slate-800">{match.code}</span> <span className="font-normal text-slate-700">– {match.description}</span>
                {match.detail && <span className="block text-xs font-normal text-slate-500">{match.detail}</span>}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
