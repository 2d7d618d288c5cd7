"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";

/** "Consultar agora": one distribution run; inside the hour's wait the answer is 429 with its time. */
export function ReceivedSyncButton({ companyId }: { companyId: string }) {
  const t = useTranslations("received");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        disabled={pending}
        className="rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white disabled:opacity-50"
        onClick={async () => {
          setPending(true);
          setMessage(null);
          try {
            const result = await apiFetch<{ status: string; created: number; reason: string | null }>(`/api/dashboard/companies/${companyId}/received-documents/sync`, { method: "POST" });
            setMessage(result.status === "synced" ? t("synced", { count: result.created }) : (result.reason ?? ""));
            router.refresh();
          } catch (error) {
            setMessage(errorMessage(error));
          } finally {
            setPending(false);
          }
        }}
      >
        {pending ? t("syncing") : t("syncNow")}
      </button>
      {message && (
        <p role="status" className="text-sm text-slate-700">
          {message}
        </p>
      )}
    </div>
  );
}
