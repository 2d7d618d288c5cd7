"use client";

import { useState } from "react";

const TEXT = {
  title: (email: string) => `User ${email} added`,
  body: "Copy this temporary password now and give it to them privately: it is shown only once and we store only its hash.",
  copy: "Copy",
  copied: "Copied",
  copyFailed: "The browser refused clipboard access; select the text and copy it by hand.",
  dismiss: "I have passed it on — hide the password",
};

/** A generated temporary password: shown once, with a copy button. */
export function GeneratedPasswordNotice({ email, password, onDismiss }: { email: string; password: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(password);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  }
  return (
    <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
      <p className="text-sm font-semibold text-emerald-900">{TEXT.title(email)}</p>
      <p className="mt-1 text-sm text-emerald-900">{TEXT.body}</p>
      <div className="mt-3 flex items-center gap-2">
        <code data-testid="generated-password" className="block flex-1 select-all overflow-x-auto whitespace-nowrap rounded border border-emerald-200 bg-white px-3 py-2 font-mono text-sm">
          {password}
        </code>
        <button type="button" onClick={() => void copy()} className="rounded-md bg-emerald-600 px-3 py-2 text-sm font-semibold text-white hover:bg-emerald-500">
          {copied === "yes" ? TEXT.copied : TEXT.copy}
        </button>
      </div>
      {copied === "failed" && <p className="mt-1 text-xs text-red-700">{TEXT.copyFailed}</p>}
      <button type="button" onClick={onDismiss} className="mt-3 text-sm text-emerald-800 underline">
        {TEXT.dismiss}
      </button>
    </div>
  );
}
