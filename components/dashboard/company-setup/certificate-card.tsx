import { useTranslations } from "next-intl";
import type { CertificateSummary } from "@/lib/certificates/certificate-summary";
import { formatCnpj, formatDateTime } from "@/components/dashboard/format";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-3 py-1.5 text-sm">
      <dt className="w-36 shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** The active certificate as the accountant needs it: holder, CNPJ, validity and days left. */
export function CertificateCard({ certificate, timeZone }: { certificate: CertificateSummary | null; timeZone?: string }) {
  const t = useTranslations("certificate.card");
  if (!certificate) {
    return (
      <section aria-label={t("title")} className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
        {t("none")}
      </section>
    );
  }
  return (
    <section aria-label={t("title")} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold">{t("title")}</h2>
      {certificate.expired ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {t("expired")}
        </p>
      ) : certificate.expiresSoon ? (
        <p role="alert" className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {t("expiresSoon", { days: certificate.daysLeft })}
        </p>
      ) : null}
      <dl className="mt-3 divide-y divide-slate-100">
        <Row label={t("holder")}>{certificate.holderName}</Row>
        <Row label="CNPJ">{formatCnpj(certificate.holderCnpj)}</Row>
        <Row label={t("validFrom")}>{formatDateTime(certificate.notBefore, timeZone)}</Row>
        <Row label={t("validUntil")}>{formatDateTime(certificate.notAfter, timeZone)}</Row>
        <Row label={t("daysLeft")}>
          <span data-testid="certificate-days-left">{certificate.daysLeft}</span>
        </Row>
        <Row label={t("issuer")}>{certificate.issuer}</Row>
        <Row label={t("serial")}>{certificate.serialNumber}</Row>
        <Row label={t("installed")}>{formatDateTime(certificate.installedAt, timeZone)}</Row>
      </dl>
    </section>
  );
}
