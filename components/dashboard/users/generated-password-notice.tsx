"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonClass } from "@/components/dashboard/button-styles";

/** A generated temporary password: shown once, with a copy button. */
export function GeneratedPasswordNotice({ email, password, reset = false, onDismiss }: { email: string; password: string; reset?: boolean; onDismiss: () => void }) {
  const t = useTranslations("users.generated");
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
      <p className="text-sm font-semibold text-emerald-900">{reset ? t("resetTitle", { email }) : t("title", { email })}</p>
      <p className="mt-1 text-sm text-emerald-900">{t("body")}</p>
      <p className="mt-1 text-sm text-emerald-900">{t("mustChange")}</p>
      <div className="mt-3 flex items-center gap-2">
        <code data-testid="generated-password" className="block flex-1 select-all overflow-x-auto whitespace-nowrap rounded border border-emerald-200 bg-white px-3 py-2 font-mono text-sm">
          {password}
        </code>
        <button type="button" onClick={() => void copy()} className={buttonClass("primary")}>
          {copied === "yes" ? t("copied") : t("copy")}
        </button>
      </div>
      {copied === "failed" && <p className="mt-1 text-xs text-red-700">{t("copyFailed")}</p>}
      <button type="button" onClick={onDismiss} className="mt-3 text-sm text-emerald-800 underline">
        {t("dismiss")}
      </button>
    </div>
  );
}
