"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";

/** Deletes a draft (DELETE …/documents/{id}; the server refuses any other status) and returns to the list. */
export function DeleteDraftButton({ companyId, documentId }: { companyId: string; documentId: string }) {
  const t = useTranslations("documentDetail.delete");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const queryClient = useQueryClient();
  const base = `/api/dashboard/companies/${encodeURIComponent(companyId)}/documents`;
  const remove = useMutation({
    mutationFn: () => apiFetch(`${base}/${encodeURIComponent(documentId)}`, { method: "DELETE" }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(`${base}?`) });
      router.push(`/dashboard/c/${companyId}/documents`);
    },
  });
  return (
    <span className="flex items-center gap-2">
      <button type="button" disabled={remove.isPending} onClick={() => window.confirm(t("confirm")) && remove.mutate()} className="rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm text-red-700 hover:bg-red-50 disabled:opacity-50">
        {remove.isPending ? t("deleting") : t("button")}
      </button>
      {remove.isError && <span role="alert" className="text-sm text-red-700">{errorMessage(remove.error)}</span>}
    </span>
  );
}
