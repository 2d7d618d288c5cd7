"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useIssueMessage } from "@/components/i18n/use-issue-message";
import { buttonClass } from "@/components/dashboard/button-styles";

/** An optional picker sent beside the text (the NFS-e cancellation's reason code). */
export type EventDialogChoice = { field: string; label: string; options: { value: string; label: string }[]; initial: string };

/**
 * A small inline dialog with one text area (cancel justification, CC-e text)
 * and an optional picker, validated with the contract's own zod schema before it is sent.
 */
export function TextEventDialog<S extends z.ZodType>(props: {
  title: string;
  field: string;
  label: string;
  schema: S;
  submitLabel: string;
  /** The submit undoes something for good (a cancellation): the danger button. */
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (body: z.output<S>) => void;
  onClose: () => void;
  choice?: EventDialogChoice;
}) {
  const t = useTranslations("documentEvents");
  const close = useTranslations("common")("close");
  const errorMessage = useErrorMessage();
  const issueMessage = useIssueMessage();
  const [text, setText] = useState("");
  const [picked, setPicked] = useState(props.choice?.initial ?? "");
  const [invalid, setInvalid] = useState<string | null>(null);
  return (
    <form
      role="dialog"
      aria-label={props.title}
      className="space-y-2 rounded-lg border border-slate-300 bg-white p-3 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = props.schema.safeParse({ [props.field]: text, ...(props.choice ? { [props.choice.field]: picked } : {}) });
        if (!parsed.success) return setInvalid(parsed.error.issues[0] ? issueMessage(parsed.error.issues[0]) : t("invalidText"));
        setInvalid(null);
        props.onSubmit(parsed.data);
      }}
    >
      <h3 className="font-semibold">{props.title}</h3>
      {props.choice && (
        <label className="block text-sm">
          <span className="text-slate-600">{props.choice.label}</span>
          <select name={props.choice.field} value={picked} onChange={(event) => setPicked(event.target.value)} className="mt-1 block rounded-md border border-slate-300 px-2 py-1">
            {props.choice.options.map((option) => (
              <option key={option.value} value={option.value}>{option.label}</option>
            ))}
          </select>
        </label>
      )}
      <label className="block text-sm">
        <span className="text-slate-600">{props.label}</span>
        <textarea
          name={props.field}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={3}
          className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1"
        />
      </label>
      {(invalid !== null || props.error != null) && (
        <p role="alert" className="text-sm text-red-700">
          {invalid ?? errorMessage(props.error)}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={props.pending} className={buttonClass(props.danger ? "danger" : "primary")}>
          {props.pending ? t("sending") : props.submitLabel}
        </button>
        <button type="button" onClick={props.onClose} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm">
          {close}
        </button>
      </div>
    </form>
  );
}
