"use client";

import { useTranslations } from "next-intl";
import type { Ref } from "react";

type Props = { id: string; name?: string; accept: string; file: File | null; onChange: (file: File | null) => void; ref?: Ref<HTMLInputElement> };

/**
 * A file field whose button and "no file" text come from the catalogue: the
 * native one says "Choose File / No file chosen" in the browser's language.
 * The input stays the labelled, focusable control (visually hidden); its
 * focus ring is drawn on the button.
 */
export function FileInput({ id, name, accept, file, onChange, ref }: Props) {
  const t = useTranslations("fileInput");
  return (
    <span className="mt-1 flex flex-wrap items-center gap-2 text-sm">
      <input ref={ref} id={id} name={name} type="file" accept={accept} onChange={(e) => onChange(e.target.files?.[0] ?? null)} className="peer sr-only" />
      <label htmlFor={id} className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 font-normal text-slate-800 hover:bg-slate-50 peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500">
        {t("choose")}
      </label>
      <span className="font-normal text-slate-600" data-testid="chosen-file">{file ? file.name : t("none")}</span>
    </span>
  );
}
