"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";
import type { EmitDocumentResponse } from "@/lib/emission/schemas";
import { formatDateTime } from "../format";
import { buttonClass } from "@/components/dashboard/button-styles";

const POLL_MS = 1_000;
// A document waiting on purpose (a 656 pause, an outcome consulted on a backoff) changes in minutes, not seconds.
const SLOW_POLL_MS = 30_000;

/**
 * Emit button for DRAFT and REJECTED documents; while the document is
 * PROCESSING the page refreshes itself until the outcome arrives, and this
 * banner is the only place that says so (the panel waits for the same status),
 * with why and when the next send is (issue 50: no DRAFT while we own the emission;
 * a DRAFT with a processingReason is a run from before that).
 * A CONTINGENCY document (offline NFC-e) is followed the same way, more slowly.
 */
export function EmitDocumentControl({ companyId, documentId, status, processingReason = null, nextAttemptAt = null, timeZone }: { companyId: string; documentId: string; status: string; processingReason?: string | null; nextAttemptAt?: string | null; timeZone?: string }) {
  const t = useTranslations("documentDetail.emit");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const emit = useMutation({
    mutationFn: () => apiFetch<EmitDocumentResponse>(`/api/dashboard/companies/${companyId}/documents/${documentId}/emit`, { method: "POST" }),
    onSuccess: () => router.refresh(),
  });

  useEffect(() => {
    // An NFC-e issued offline waits for SEFAZ to come back (minutes): the page follows it slowly.
    if (status !== "PROCESSING" && status !== "CONTINGENCY") return;
    const timer = setInterval(() => router.refresh(), processingReason || status === "CONTINGENCY" ? SLOW_POLL_MS : POLL_MS);
    return () => clearInterval(timer);
  }, [status, processingReason, router]);

  if (status === "PROCESSING") {
    return (
      <div className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-800" role="status" data-testid="processing-banner">
        <p>{t("processing")}</p>
        {processingReason && <p className="mt-1 text-sky-900" data-testid="processing-reason">{t("reason", { reason: processingReason })}</p>}
        {nextAttemptAt && <p className="mt-1 text-sky-900" data-testid="next-attempt">{t("nextAttempt", { when: formatDateTime(nextAttemptAt, timeZone) })}</p>}
      </div>
    );
  }
  if (status !== "DRAFT" && status !== "REJECTED") return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {status === "DRAFT" && processingReason && <p className="w-full rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="processing-reason">{t("waitingResend", { reason: processingReason })}</p>}
      <button type="button" onClick={() => emit.mutate()} disabled={emit.isPending} className={buttonClass("primary")}>
        {emit.isPending ? t("emitting") : status === "REJECTED" ? t("emitAgain") : t("emit")}
      </button>
      {emit.isError && <span role="alert" className="text-sm text-red-700">{errorMessage(emit.error)}</span>}
    </div>
  );
}
