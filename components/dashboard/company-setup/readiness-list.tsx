import { useTranslations } from "next-intl";
import type { DocumentReadiness } from "@/lib/companies/emission-prerequisites";
import type { ReadinessCheck } from "@/lib/companies/readiness-rules";
import { formatCnpj, formatDate, formatDateTime } from "../format";

type FieldKey = Parameters<ReturnType<typeof useTranslations<"readiness.fields">>>[0];

/** A check's detail line in the user's language: dates dd/mm/aaaa, CNPJ masked, missing fields by their labels. */
function useDetailText(): (detail: ReadinessCheck["detail"]) => string {
  const t = useTranslations("readiness");
  const fields = useTranslations("readiness.fields");
  return (detail) => {
    const values: Record<string, string | number> = { ...detail.values };
    // An instant (the certificate's expiry) with its time in São Paulo, as the certificate page shows it.
    const { date, cnpj, rate, days, vehicles } = detail.values ?? {};
    if (date) values.date = date.includes("T") ? formatDateTime(date) : formatDate(date);
    if (cnpj) values.cnpj = formatCnpj(cnpj);
    if (rate) values.rate = rate.replace(".", ",");
    // The certificate's days left, a number for the catalogue's plural.
    if (days) values.days = Number(days);
    if (vehicles) values.vehicles = Number(vehicles);
    if (detail.values?.count) values.count = Number(detail.values.count);
    if (detail.missingFields) values.fields = detail.missingFields.map((field) => (fields.has(field as FieldKey) ? fields(field as FieldKey) : field)).join(", ");
    const text = t(`details.${detail.key}`, values);
    return detail.assumedRegApTribSN ? `${text} ${t(`assumedRegApTribSN.${detail.assumedRegApTribSN}`)}` : text;
  };
}

/** The emission prerequisites per document type, as emission applies them; labels and details from the catalogue. */
export function ReadinessList({ readiness }: { readiness: DocumentReadiness[] }) {
  const t = useTranslations("readiness");
  const types = useTranslations("enums.documentTypeLong");
  const detailText = useDetailText();
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {readiness.map((doc) => (
        <section key={doc.type} aria-label={t("region", { type: types(doc.type) })} className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-base font-semibold">{types(doc.type)}</h2>
            <span className={`shrink-0 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${doc.ready ? "bg-emerald-100 text-emerald-800" : "bg-red-100 text-red-800"}`}>{doc.ready ? t("ready") : t("notReady")}</span>
          </div>
          <ul className="mt-3 space-y-2">
            {doc.checks.map((check) => (
              <li key={check.id} className="text-sm">
                <span aria-hidden className={check.ok ? "text-emerald-600" : check.blocking ? "text-red-600" : "text-amber-600"}>
                  {check.ok ? "✓" : check.blocking ? "✗" : "!"}
                </span>{" "}
                <span className="font-medium">{t(`checks.${check.id}`)}</span>
                {!check.blocking && !check.ok && <span className="text-xs text-slate-500"> ({t("advice")})</span>}
                <p className="ml-4 text-xs text-slate-600">{detailText(check.detail)}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
