"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import type { EmitDocumentResponse } from "@/lib/emission/schemas";

const POLL_MS = 1_000;

/**
 * Emit button for DRAFT and REJECTED documents; while the document is
 * PROCESSING the page refreshes itself until the outcome arrives.
 */
export function EmitDocumentControl({ companyId, documentId, status }: { companyId: string; documentId: string; status: string }) {
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
    return <p className="text-sm text-amber-700" role="status">Emission in progress; this page updates when the tax authority answers.</p>;
  }
  if (status !== "DRAFT" && status !== "REJECTED") return null;
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={() => emit.mutate()}
        disabled={emit.isPending}
        className="rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-800 disabled:opacity-50"
      >
        {emit.isPending ? "Emitting…" : status === "REJECTED" ? "Emit again" : "Emit"}
      </button>
      {emit.isError && <span role="alert" className="text-sm text-red-700">{errorMessage(emit.error)}</span>}
    </div>
  );
}
