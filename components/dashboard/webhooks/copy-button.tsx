"use client";

import { useState } from "react";

const TEXT = { copy: "Copy", copied: "Copied", failed: "Copy failed: select the text by hand" };

/** Copies a text to the clipboard; says so when the browser refuses. */
export function CopyButton({ text, label = TEXT.copy, className }: { text: string; label?: string; className?: string }) {
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
      {state === "copied" ? TEXT.copied : state === "failed" ? TEXT.failed : label}
    </button>
  );
}
