import { useTranslations } from "next-intl";
import { formatDateTime } from "@/components/dashboard/format";
import type { DocumentDetail } from "@/lib/documents/response-schemas";

/**
 * A document issued in contingency (docs/api-notes/contingency.md): the mode and
 * since when, the pending transmission of an offline NFC-e (or an NF-e in EPEC, with its EPEC's protocol), and how the number of
 * the attempt it replaced was resolved.
 */
export function ContingencyNotice({ document, timeZone }: { document: Pick<DocumentDetail, "status" | "processingReason" | "contingency"> & { type?: DocumentDetail["type"] }; timeZone: string }) {
  const t = useTranslations("documentDetail.contingency");
  const contingency = document.contingency;
  if (!contingency) return null;
  const attempt = contingency.originalAttempt;
  // An NFC-e's EPEC is registered at the state's own EPEC service (SEFAZ-SP, NT 2015.003), an NF-e's at the Ambiente Nacional.
  const nfceEpec = document.type === "NFCE" && contingency.mode === "EPEC";
  return (
    <div role="status" className="space-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="contingency-notice">
      <p className="font-medium">{t(nfceEpec ? "mode.EPEC_NFCE" : `mode.${contingency.mode}`)}</p>
      <p>{t("since", { date: formatDateTime(contingency.since, timeZone), reason: contingency.reason })}</p>
      {document.status === "CONTINGENCY" && (
        <p data-testid="contingency-pending">
          {t("pending")}
          {/* processingReason is the API's English "Waiting for transmission: <why>": the label is ours, the why the authority client's. */}
          {document.processingReason ? ` ${t("lastTransmission", { reason: document.processingReason.replace(/^Waiting for transmission:\s*/, "") })}` : ""}
        </p>
      )}
      {contingency.epec && (
        <p className="text-xs" data-testid="contingency-epec">
          {contingency.epec.protocol
            ? t(nfceEpec ? "epecProtocolNfce" : "epecProtocol", { protocol: contingency.epec.protocol, date: contingency.epec.registeredAt ? formatDateTime(contingency.epec.registeredAt, timeZone) : "" })
            : t(nfceEpec ? "epecRegisteredNfce" : "epecRegistered")}
        </p>
      )}
      {attempt && (
        <p className="break-words text-xs" data-testid="contingency-original-attempt">
          {/* The key in groups of four, as on the DANFE, so it wraps between groups on a narrow screen. */}
          {t("originalAttempt", { series: attempt.series, number: attempt.number, accessKey: attempt.accessKey.replace(/(.{4})(?=.)/g, "$1 ") })} {t(`resolution.${attempt.resolution}`)}
          {attempt.protocol ? ` ${t("protocol", { protocol: attempt.protocol })}` : ""}
          {attempt.resolvedAt && attempt.resolution !== "PENDING" ? ` ${t("resolvedAt", { date: formatDateTime(attempt.resolvedAt, timeZone) })}` : ""}
          {attempt.detail && attempt.resolution === "NEEDS_ATTENTION" ? ` ${attempt.detail}` : ""}
        </p>
      )}
    </div>
  );
}
