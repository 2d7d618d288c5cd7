"use client";

import { useTranslations } from "next-intl";
import { CopyButton } from "./copy-button";
import { buttonClass } from "@/components/dashboard/button-styles";

/** A new endpoint's or a rotated signing secret: shown once, with a copy button. */
export function SecretNotice({ title, secret, detail, onDismiss }: { title: string; secret: string; detail?: string; onDismiss: () => void }) {
  const t = useTranslations("webhooks.secret");
  return (
    <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
      <p className="text-sm font-semibold text-emerald-900">{title}</p>
      {detail && <p className="mt-1 text-sm text-emerald-900">{detail}</p>}
      <p className="mt-1 text-sm text-emerald-900">{t("body")}</p>
      <div className="mt-3 flex items-center gap-2">
        <code data-testid="webhook-secret" className="block flex-1 select-all overflow-x-auto whitespace-nowrap rounded border border-emerald-200 bg-white px-3 py-2 font-mono text-sm">
          {secret}
        </code>
        <CopyButton text={secret} className={buttonClass("primary")} />
      </div>
      <button type="button" onClick={onDismiss} className="mt-3 text-sm text-emerald-800 underline">
        {t("dismiss")}
      </button>
    </div>
  );
}
