"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { formatDateInput, formatMonthInput, isDateOrder, maskDateInput, maskMonthInput, parseDateInput, parseMonthInput } from "@/lib/br/date-input";

type Props = {
  /** ISO "2026-12-21" ("2026-12-21T14:30" with time) or "" while empty or not a valid date. */
  value: string;
  onChange: (iso: string) => void;
  withTime?: boolean;
  id?: string;
  name?: string;
  required?: boolean;
  className?: string;
  testId?: string;
};

/**
 * A date typed as dd/mm/aaaa (order and words from the catalogue), not a native
 * date input, whose order follows the browser's language. A day that does not
 * exist (31/02) is refused in words beside the field and blocks the form's submit.
 */
export function DateInput({ value, onChange, withTime = false, id, name, required, className, testId }: Props) {
  const t = useTranslations("dateInput");
  const configured = t("order");
  const order = isDateOrder(configured) ? configured : "DMY";
  const [text, setText] = useState(() => formatDateInput(value, order));
  const [shown, setShown] = useState(value);
  const [touched, setTouched] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  const errorId = useId();

  // The form changed the value (cleared filters, loaded a draft): show it.
  if (value !== shown) {
    setShown(value);
    setText(formatDateInput(value, order));
  }

  const result = parseDateInput(text, order, withTime);
  // The browser's own "fill out this field" would be in its language, not the user's.
  const problem = result.ok ? null : result.reason === "empty" ? (required ? t("required") : null) : result.reason === "incomplete" ? t(withTime ? "incompleteWithTime" : "incomplete") : t("invalid", { text });
  useEffect(() => ref.current?.setCustomValidity(problem ?? ""), [problem]);

  function change(raw: string) {
    const masked = maskDateInput(raw, withTime, order);
    const parsed = parseDateInput(masked, order, withTime);
    const iso = parsed.ok ? parsed.value : "";
    setText(masked);
    setShown(iso);
    if (iso !== value) onChange(iso);
  }

  return (
    <>
      <input
        ref={ref}
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t(withTime ? "placeholderWithTime" : "placeholder")}
        value={text}
        required={required}
        aria-invalid={touched && problem !== null}
        aria-describedby={touched && problem ? errorId : undefined}
        onChange={(event) => change(event.target.value)}
        onBlur={() => setTouched(true)}
        onInvalid={() => setTouched(true)}
        className={`${className ?? ""} tabular-nums ${touched && problem ? "border-red-400" : ""}`}
        data-testid={testId}
      />
      {touched && problem && (
        <span id={errorId} role="alert" className="mt-0.5 block text-xs font-normal text-red-700">
          {problem}
        </span>
      )}
    </>
  );
}

/**
 * A date filter of a plain GET form (a server page's): the typed dd/mm/aaaa field, and the ISO day
 * submitted under `name` ("" while the date is not whole), so the address stays `?from=2026-12-01`.
 */
export function NamedDateInput({ name, defaultValue = "", className, testId }: { name: string; defaultValue?: string; className?: string; testId?: string }) {
  const [value, setValue] = useState(defaultValue);
  return (
    <>
      <DateInput value={value} onChange={setValue} className={className} testId={testId} />
      <input type="hidden" name={name} value={value} />
    </>
  );
}

type MonthProps = { value: string; onChange: (iso: string) => void; id?: string; required?: boolean; className?: string; max?: string; testId?: string };

/**
 * A month typed as mm/aaaa (value "2026-11"), not a native month input, which reads "November 2026"
 * or "novembro de 2026" by the browser's language. `max`: the last month allowed ("2026-12").
 */
export function MonthInput({ value, onChange, id, required, className, max, testId }: MonthProps) {
  const t = useTranslations("dateInput");
  const [text, setText] = useState(() => formatMonthInput(value));
  const [shown, setShown] = useState(value);
  const [touched, setTouched] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  const errorId = useId();
  if (value !== shown) {
    setShown(value);
    setText(formatMonthInput(value));
  }
  const result = parseMonthInput(text);
  const problem = result.ok
    ? max && result.value > max ? t("monthAfter", { month: formatMonthInput(max) }) : null
    : result.reason === "empty" ? (required ? t("monthRequired") : null) : result.reason === "incomplete" ? t("monthIncomplete") : t("monthInvalid", { text });
  useEffect(() => ref.current?.setCustomValidity(problem ?? ""), [problem]);

  function change(raw: string) {
    const masked = maskMonthInput(raw);
    const parsed = parseMonthInput(masked);
    const iso = parsed.ok ? parsed.value : "";
    setText(masked);
    setShown(iso);
    if (iso !== value) onChange(iso);
  }

  return (
    <>
      <input
        ref={ref}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t("monthPlaceholder")}
        value={text}
        required={required}
        aria-invalid={touched && problem !== null}
        aria-describedby={touched && problem ? errorId : undefined}
        onChange={(event) => change(event.target.value)}
        onBlur={() => setTouched(true)}
        onInvalid={() => setTouched(true)}
        className={`${className ?? ""} tabular-nums ${touched && problem ? "border-red-400" : ""}`}
        data-testid={testId}
      />
      {touched && problem && (
        <span id={errorId} role="alert" className="mt-0.5 block text-xs font-normal text-red-700">
          {problem}
        </span>
      )}
    </>
  );
}
