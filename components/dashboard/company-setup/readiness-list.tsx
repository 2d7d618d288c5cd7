import { useTranslations } from "next-intl";
import type { DocumentReadiness } from "@/lib/companies/emission-prerequisites";

type CheckId = "certificate" | "certificate_chain" | "fiscal_settings" | "csc" | "default_taxes" | "technical_responsible";

/**
 * The emission prerequisites per document type, as emission applies them.
 * Labels are translated by check id; the detail line is the rule's own text
 * (English, with the data it found), as the API reports it.
 */
export function ReadinessList({ readiness }: { readiness: DocumentReadiness[] }) {
  const t = useTranslations("readiness");
  const types = useTranslations("enums.documentTypeLong");
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {readiness.map((doc) => (
        <section key={doc.type} aria-label={t("region", { type: types(doc.type) })} className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-base font-semibold">{types(doc.type)}</h2>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${doc.ready ? "bg-emerald-100 text-emerald-800" : "bg-red-100 text-red-800"}`}>{doc.ready ? t("ready") : t("notReady")}</span>
          </div>
          <ul className="mt-3 space-y-2">
            {doc.checks.map((check) => (
              <li key={check.id} className="text-sm">
                <span aria-hidden className={check.ok ? "text-emerald-600" : check.blocking ? "text-red-600" : "text-amber-600"}>
                  {check.ok ? "✓" : check.blocking ? "✗" : "!"}
                </span>{" "}
                <span className="font-medium">{t.has(`checks.${check.id as CheckId}`) ? t(`checks.${check.id as CheckId}`) : check.label}</span>
                {!check.blocking && !check.ok && <span className="text-xs text-slate-500"> ({t("advice")})</span>}
                <p className="ml-4 text-xs text-slate-600">{check.message}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
