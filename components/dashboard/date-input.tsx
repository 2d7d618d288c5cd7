"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { formatDateInput, isDateOrder, maskDateInput, parseDateInput } from "@/lib/br/date-input";

type Props = {
  /** ISO "2026-12-21" ("2026-12-21T14:30" with time) or "" while empty or not a valid date. */
  value: string;
  onChange: (iso: string) => void;
  withTime?: boolean;
  id?: string;
  name?: string;
  required?: boolean;
  className?: string;
};

/**
 * A date typed as dd/mm/aaaa (order and words from the catalogue), not a native
 * date input, whose order follows the browser's language. A day that does not
 * exist (31/02) is refused in words beside the field and blocks the form's submit.
 */
export function DateInput({ value, onChange, withTime = false, id, name, required, className }: Props) {
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
      />
      {touched && problem && (
        <span id={errorId} role="alert" className="mt-0.5 block text-xs font-normal text-red-700">
          {problem}
        </span>
      )}
    </>
  );
}
