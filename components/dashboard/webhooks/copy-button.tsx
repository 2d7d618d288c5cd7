"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

/** Copies a text to the clipboard; says so when the browser refuses. */
export function CopyButton({ text, label, className }: { text: string; label?: string; className?: string }) {
  const t = useTranslations("webhooks.copy");
  const [state, setState] = useState<"copied" | "failed" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  }
  return (
    <button type="button" onClick={() => void copy()} className={className ?? "rounded border border-slate-300 bg-white px-2 py-1 text-xs font-medium hover:bg-slate-50"}>
      {state === "copied" ? t("copied") : state === "failed" ? t("failed") : (label ?? t("copy"))}
    </button>
  );
}
