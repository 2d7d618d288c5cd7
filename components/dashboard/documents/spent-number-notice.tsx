import { useTranslations } from "next-intl";
import { formatDateTime } from "@/components/dashboard/format";
import type { DocumentDetail } from "@/lib/documents/response-schemas";

type RejectionKey = Parameters<ReturnType<typeof useTranslations<"documentDetail.rejection.cStat">>>[0];

/**
 * A DENIED document (uso denegado): the authority's "cStat - xMotivo" in a plain
 * sentence and verbatim, and why nothing more can be done with this number.
 */
export function DeniedNotice({ reason }: { reason: string }) {
  const t = useTranslations("documentDetail.denied");
  const plain = useTranslations("documentDetail.rejection.cStat");
  const cut = reason.indexOf(" - ");
  const code = cut > 0 ? reason.slice(0, cut) : "";
  const text = cut > 0 ? reason.slice(cut + 3) : reason;
  return (
    <div role="alert" className="space-y-1 rounded-md border border-orange-300 bg-orange-50 px-3 py-2 text-sm text-orange-900" data-testid="denied-notice">
      <p className="font-medium">{t("title")}{plain.has(code as RejectionKey) ? ` — ${plain(code as RejectionKey)}` : ""}</p>
      <p>{code ? t("authorityCode", { code }) : null} {text}</p>
      <p className="text-xs">{t("whatNext")}</p>
    </div>
  );
}

/** An INUTILIZED document: the inutilization that voided its number. */
export function InutilizedNotice({ inutilization, timeZone }: { inutilization: NonNullable<DocumentDetail["inutilization"]>; timeZone: string }) {
  const t = useTranslations("documentDetail.inutilized");
  return (
    <div role="status" className="space-y-1 rounded-md border border-zinc-300 bg-zinc-50 px-3 py-2 text-sm text-zinc-800" data-testid="inutilized-notice">
      <p className="font-medium">{t("title")}</p>
      <p>
        {t("detail", {
          series: inutilization.series,
          start: inutilization.startNumber,
          end: inutilization.endNumber,
          protocol: inutilization.protocol ?? "—",
          date: inutilization.inutilizationDate ? formatDateTime(inutilization.inutilizationDate, timeZone) : "—",
          justification: inutilization.justification,
        })}
      </p>
      <p className="text-xs">{t("whatNext")}</p>
    </div>
  );
}
