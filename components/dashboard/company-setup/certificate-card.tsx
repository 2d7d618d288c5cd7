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
export function CertificateCard({ certificate }: { certificate: CertificateSummary | null }) {
  if (!certificate) {
    return (
      <section aria-label="Active certificate" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
        No certificate installed. Emission of NF-e, NFC-e and NFS-e needs the company&apos;s A1 certificate (.pfx or .p12).
      </section>
    );
  }
  return (
    <section aria-label="Active certificate" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold">Active certificate</h2>
      {certificate.expired ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          This certificate has expired: emission is blocked until a valid one is uploaded.
        </p>
      ) : certificate.expiresSoon ? (
        <p role="alert" className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          This certificate expires in {certificate.daysLeft} day{certificate.daysLeft === 1 ? "" : "s"}: renew it with the certificate authority and upload the new one.
        </p>
      ) : null}
      <dl className="mt-3 divide-y divide-slate-100">
        <Row label="Holder">{certificate.holderName}</Row>
        <Row label="CNPJ">{formatCnpj(certificate.holderCnpj)}</Row>
        <Row label="Valid from">{formatDateTime(certificate.notBefore)}</Row>
        <Row label="Valid until">{formatDateTime(certificate.notAfter)}</Row>
        <Row label="Days left">
          <span data-testid="certificate-days-left">{certificate.daysLeft}</span>
        </Row>
        <Row label="Issuer">{certificate.issuer}</Row>
        <Row label="Serial number">{certificate.serialNumber}</Row>
        <Row label="Installed">{formatDateTime(certificate.installedAt)}</Row>
      </dl>
    </section>
  );
}
