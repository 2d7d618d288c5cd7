"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { formatDateTime } from "@/components/dashboard/format";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { ApiError, apiFetch } from "@/lib/client/api-fetch";
import { buttonClass } from "@/components/dashboard/button-styles";

/**
 * "Consultar agora": one distribution run. Inside the wait the answer is 429 with Retry-After:
 * the refusal says the time the next query is allowed, in the company's time zone.
 */
export function ReceivedSyncButton({ companyId, timeZone }: { companyId: string; timeZone: string }) {
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
        className={buttonClass("primary")}
        onClick={async () => {
          setPending(true);
          setMessage(null);
          try {
            const result = await apiFetch<{ status: string; created: number; reason: string | null; nfse?: { created: number } }>(`/api/dashboard/companies/${companyId}/received-documents/sync`, { method: "POST" });
            // New NF-e and new NFS-e (the ADN's distribution, asked even while the NF-e's waits) together.
            const count = result.created + (result.nfse?.created ?? 0);
            setMessage(result.status === "failed" && count === 0 ? (result.reason ?? "") : t("synced", { count }));
            router.refresh();
          } catch (error) {
            const waitSeconds = error instanceof ApiError && error.statusCode === 429 ? error.retryAfterSeconds : undefined;
            setMessage(waitSeconds !== undefined ? t("refusedUntil", { date: formatDateTime(new Date(Date.now() + waitSeconds * 1000), timeZone, "—", true) }) : errorMessage(error));
            if (waitSeconds !== undefined) router.refresh();
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
