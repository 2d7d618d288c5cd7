"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";

/** The error body of a dashboard segment (error.tsx), inside its layout. */
export function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="max-w-xl space-y-3 rounded-lg border border-red-200 bg-white p-6" data-testid="page-error">
      <h1 className="text-xl font-semibold">{t("frame.errorTitle")}</h1>
      <p className="text-sm text-slate-600">{t("frame.errorBody")}</p>
      {error.digest && <p className="font-mono text-xs text-slate-500">{t("frame.errorDigest", { digest: error.digest })}</p>}
      <button type="button" onClick={reset} className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500">
        {t("common.retry")}
      </button>
    </div>
  );
}
