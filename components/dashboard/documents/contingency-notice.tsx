import { useTranslations } from "next-intl";
import { formatDateTime } from "@/components/dashboard/format";
import type { DocumentDetail } from "@/lib/documents/response-schemas";

/**
 * A document issued in contingency (docs/api-notes/contingency.md): the mode and
 * since when, the pending transmission of an offline NFC-e, and how the number of
 * the attempt it replaced was resolved.
 */
export function ContingencyNotice({ document, timeZone }: { document: Pick<DocumentDetail, "status" | "processingReason" | "contingency">; timeZone: string }) {
  const t = useTranslations("documentDetail.contingency");
  const contingency = document.contingency;
  if (!contingency) return null;
  const attempt = contingency.originalAttempt;
  return (
    <div role="status" className="space-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="contingency-notice">
      <p className="font-medium">{t(`mode.${contingency.mode}`)}</p>
      <p>{t("since", { date: formatDateTime(contingency.since, timeZone), reason: contingency.reason })}</p>
      {document.status === "CONTINGENCY" && <p data-testid="contingency-pending">{t("pending")}{document.processingReason ? ` ${document.processingReason}` : ""}</p>}
      {attempt && (
        <p className="text-xs" data-testid="contingency-original-attempt">
          {t("originalAttempt", { series: attempt.series, number: attempt.number, accessKey: attempt.accessKey })} {t(`resolution.${attempt.resolution}`)}
          {attempt.protocol ? ` ${t("protocol", { protocol: attempt.protocol })}` : ""}
          {attempt.detail && attempt.resolution === "NEEDS_ATTENTION" ? ` ${attempt.detail}` : ""}
        </p>
      )}
    </div>
  );
}
