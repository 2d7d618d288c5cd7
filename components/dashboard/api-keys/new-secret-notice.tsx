"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { CreatedApiKey } from "@/lib/auth/api-key-contracts";
import { buttonClass } from "@/components/dashboard/button-styles";

/** The secret of a key just created: shown once, with a copy button. */
export function NewSecretNotice({ created, onDismiss }: { created: CreatedApiKey; onDismiss: () => void }) {
  const t = useTranslations("apiKeys.secret");
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  }
  return (
    <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
      <p className="text-sm font-semibold text-emerald-900">{t("created", { name: created.name })}</p>
      <p className="mt-1 text-sm text-emerald-900">
        {t.rich("copyNow", { strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      <div className="mt-3 flex items-center gap-2">
        <code data-testid="new-api-key-secret" className="block flex-1 select-all overflow-x-auto whitespace-nowrap rounded border border-emerald-200 bg-white px-3 py-2 font-mono text-sm">
          {created.key}
        </code>
        <button type="button" onClick={() => void copy()} className={buttonClass("primary")}>
          {copied === "yes" ? t("copied") : t("copy")}
        </button>
      </div>
      {copied === "failed" && <p className="mt-1 text-xs text-red-700">{t("clipboardRefused")}</p>}
      <button type="button" onClick={onDismiss} className="mt-3 text-sm text-emerald-800 underline">
        {t("dismiss")}
      </button>
    </div>
  );
}
