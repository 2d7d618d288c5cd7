"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";
import type { EmitDocumentResponse } from "@/lib/emission/schemas";

const POLL_MS = 1_000;

/**
 * Emit button for DRAFT and REJECTED documents; while the document is
 * PROCESSING the page refreshes itself until the outcome arrives, and this
 * banner is the only place that says so (the panel waits for the same status).
 */
export function EmitDocumentControl({ companyId, documentId, status }: { companyId: string; documentId: string; status: string }) {
  const t = useTranslations("documentDetail.emit");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const emit = useMutation({
    mutationFn: () => apiFetch<EmitDocumentResponse>(`/api/dashboard/companies/${companyId}/documents/${documentId}/emit`, { method: "POST" }),
    onSuccess: () => router.refresh(),
  });

  useEffect(() => {
    if (status !== "PROCESSING") return;
    const timer = setInterval(() => router.refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [status, router]);

  if (status === "PROCESSING") {
    return <p className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-800" role="status" data-testid="processing-banner">{t("processing")}</p>;
  }
  if (status !== "DRAFT" && status !== "REJECTED") return null;
  return (
    <div className="flex items-center gap-3">
      <button type="button" onClick={() => emit.mutate()} disabled={emit.isPending} className="rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-800 disabled:opacity-50">
        {emit.isPending ? t("emitting") : status === "REJECTED" ? t("emitAgain") : t("emit")}
      </button>
      {emit.isError && <span role="alert" className="text-sm text-red-700">{errorMessage(emit.error)}</span>}
    </div>
  );
}
