import { useTranslations } from "next-intl";
import { Fragment } from "react";
import { AccessKey } from "@/components/dashboard/access-key";
import type { ReferencedDocumentLink } from "@/lib/documents/referenced-documents";
import { formatCnpj, formatDate, formatDateTime } from "@/components/dashboard/format";
import { EnvironmentBadge } from "@/components/dashboard/environment-badge";
import type { DocumentDetail } from "@/lib/documents/response-schemas";
import { DetailBox as Box, DetailRow as Row } from "./detail-box";
import { ContingencyNotice } from "./contingency-notice";
import { DocumentItemsTable } from "./document-items-table";
import { useDocumentTitle } from "./document-title";
import { formatMoney, formatQuantity } from "./money";
import { NfseTaxesPanel } from "./nfse-taxes-panel";
import { RejectionNotice } from "./rejection-notice";
import { DeniedNotice, InutilizedNotice } from "./spent-number-notice";
import { DocumentStatusBadge } from "./status-badge";
import { SubstitutionLinkRows } from "./substitution-links";

type PaymentMethod = "MONEY" | "CHECK" | "CREDIT_CARD" | "DEBIT_CARD" | "BANK_CREDIT" | "BANK_TRANSFER" | "BANK_SLIP" | "PIX" | "BANK_TRANSFER_TED" | "BANK_TRANSFER_DOC" | "NO_PAYMENT" | "OTHERS";
type FreightType = "SENDER" | "RECIPIENT" | "THIRD_PARTY" | "OWN_SENDER" | "OWN_RECIPIENT" | "NO_FREIGHT";
type EventKind = "AUTHORIZATION" | "REJECTION" | "CANCELLATION" | "CORRECTION_LETTER" | "DELIVERY_RECEIPT" | "DELIVERY_RECEIPT_CANCELLATION" | "DENIAL" | "REFORM_EVENT" | "REFORM_EVENT_CANCELLATION";

/** The stored document: client and transport snapshots, lines with taxes and sources, totals, events. */
function referenceHref(companyId: string, ref: ReferencedDocumentLink): string | undefined {
  if (ref.issuedId) return `/dashboard/c/${companyId}/documents/${ref.issuedId}`;
  return ref.receivedId ? `/dashboard/c/${companyId}/received/${ref.receivedId}` : undefined;
}

/**
 * `references`: the keys the document references, each with the company's own page when it has one
 * (lib/documents/referenced-documents.ts), under `companyId`.
 */
export function DocumentDetailView({ document: d, timeZone, companyId, references = [] }: { document: DocumentDetail; timeZone: string; companyId?: string; references?: ReferencedDocumentLink[] }) {
  const t = useTranslations("documentDetail");
  const e = useTranslations("enums");
  const title = useDocumentTitle();
  const snapshot = d.clientSnapshot as Record<string, string | null>;
  const tot = d.taxTotals.icmsTot;
  const isDraft = d.status === "DRAFT";
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold" data-testid="document-title">{title(d)}</h1>
        <DocumentStatusBadge status={d.status} />
        <EnvironmentBadge environment={d.environment} />
        {d.purpose !== "NORMAL" && <span className="rounded bg-violet-100 px-1.5 py-0.5 text-xs text-violet-800">{e(`purpose.${d.purpose}`)}</span>}
      </div>
      <p className="text-sm text-slate-600" data-testid="document-dates">
        {/* natOp is an NF-e field: the DPS has none, so an NFS-e page does not print the (default) nature. */}
        {d.type !== "NFSE" && <>{d.operationNature} · </>}
        {isDraft ? t("createdAt", { date: formatDateTime(d.createdAt, timeZone) }) : t("issuedAt", { date: formatDateTime(d.issueDateTime, timeZone) })}
        {d.authorizationDate && <> · {t("authorizedAt", { date: formatDateTime(d.authorizationDate, timeZone) })}</>}
        {d.externalId && <> · {t("externalId", { id: d.externalId })}</>}
      </p>
      {(d.accessKey || d.protocolNumber || d.nfseNumber || d.verificationCode || references.length > 0 || d.replacesDocument || d.replacedByDocument) && (
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {d.accessKey && <><dt className="text-slate-500">{t("accessKey")}</dt><dd data-testid="access-key"><AccessKey value={d.accessKey} /></dd></>}
          {d.protocolNumber && <><dt className="text-slate-500">{t(d.status === "DENIED" ? "deniedProtocol" : "protocol")}</dt><dd className="font-mono text-xs">{d.protocolNumber}</dd></>}
          {d.nfseNumber && <><dt className="text-slate-500">{t("nfseNumber")}</dt><dd className="font-mono text-xs" data-testid="nfse-number">{d.nfseNumber}</dd></>}
          {d.verificationCode && <><dt className="text-slate-500">{t("verificationCode")}</dt><dd className="font-mono text-xs" data-testid="verification-code">{d.verificationCode}</dd></>}
          <SubstitutionLinkRows document={d} companyId={companyId} />
          {/* The note a return, complement or adjustment refers to (NFref / refNFe): linked to its page when it is ours (issue 54 item 7). */}
          {references.map((ref, index) => (
            <Fragment key={ref.accessKey}>
              <dt className="text-slate-500">{references.length > 1 ? t("referencedDocumentN", { n: index + 1 }) : t("referencedDocument")}</dt>
              <dd className="flex flex-wrap items-baseline gap-x-2" data-testid="referenced-document">
                <AccessKey value={ref.accessKey} href={companyId ? referenceHref(companyId, ref) : undefined} />
                <span className="text-xs text-slate-500">{t(ref.issuedId ? "referencedIssued" : ref.receivedId ? "referencedReceived" : "referencedExternal")}</span>
              </dd>
            </Fragment>
          ))}
        </dl>
      )}
      {d.status === "REJECTED" && d.rejectionReason && <RejectionNotice reason={d.rejectionReason} />}
      {d.status === "DENIED" && d.rejectionReason && <DeniedNotice reason={d.rejectionReason} />}
      {d.status === "INUTILIZED" && d.inutilization && <InutilizedNotice inutilization={d.inutilization} timeZone={timeZone} />}
      {d.contingency && <ContingencyNotice document={d} timeZone={timeZone} />}
      {d.status === "CANCELLED" && (
        <p className="rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-700">{t("cancelledOn", { date: formatDateTime(d.cancellationDate, timeZone), reason: d.cancellationReason ?? "—" })}</p>
      )}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Box title={t(d.type === "NFSE" ? "client.takerTitle" : "client.title")}>
          <p className="font-medium" data-testid="client-name">{d.client.name || t("client.finalConsumer")}</p>
          <p className="text-slate-600">{d.client.document ? `${d.client.documentType} ${formatCnpj(d.client.document)}` : t("client.finalConsumer")}</p>
          <p className="text-slate-600">{[snapshot.street, snapshot.number, snapshot.complement, snapshot.neighborhood].filter(Boolean).join(", ")}</p>
          <p className="text-slate-600">{[snapshot.city, snapshot.state].filter(Boolean).join(" / ")}{snapshot.zipCode ? ` · CEP ${String(snapshot.zipCode).replace(/^(\d{5})(\d{3})$/, "$1-$2")}` : ""}</p>
        </Box>
        {d.type === "NFSE" && d.taxTotals.nfse ? (
          <NfseTaxesPanel nfse={d.taxTotals.nfse} />
        ) : (
          <>
            <Box title={t("totals.title")}>
              <Row label={t("totals.products")} value={formatMoney(tot.vProd)} />
              <Row label={t("totals.icms")} value={`${formatMoney(tot.vBC)} / ${formatMoney(tot.vICMS)}`} testId="total-icms" />
              <Row label={t("totals.st")} value={`${formatMoney(tot.vBCST)} / ${formatMoney(tot.vST)}`} />
              <Row label="IPI" value={formatMoney(tot.vIPI)} />
              <Row label="PIS / COFINS" value={`${formatMoney(tot.vPIS)} / ${formatMoney(tot.vCOFINS)}`} />
              <Row label={t("totals.freight")} value={formatMoney(tot.vFrete)} />
              <Row label="CBS / IBS" value={`${formatMoney(d.taxTotals.rtcCbsTotal)} / ${formatMoney(d.taxTotals.rtcIbsTotal)}`} testId="total-ibs-cbs" />
              <Row label={t("totals.total")} value={<strong>{formatMoney(d.totalValue)}</strong>} testId="total-value" />
            </Box>
            <Box title={t("transport.title")}>
              {d.transport ? (
                <>
                  <Row label={t("transport.freight")} value={`${e(`freightType.${d.transport.freightType as FreightType}`)}${d.transport.freightValue ? ` · ${formatMoney(d.transport.freightValue)}` : ""}`} />
                  <Row label={t("transport.carrier")} value={d.transport.carrierName ? <>{d.transport.carrierName} <span className="whitespace-nowrap">({formatCnpj(d.transport.carrierDocument ?? "")})</span></> : "—"} />
                  <Row label={t("transport.vehicle")} value={d.transport.vehiclePlate ? `${d.transport.vehiclePlate} / ${d.transport.vehicleState ?? ""}` : "—"} />
                  <Row label={t("transport.volumes")} value={d.transport.volumeQuantity ?? "—"} />
                  {d.transport.volumeGrossWeight && <Row label={t("transport.weights")} value={`${formatQuantity(d.transport.volumeGrossWeight)} / ${formatQuantity(d.transport.volumeNetWeight)} kg`} />}
                </>
              ) : (
                <p className="text-slate-500">{t("transport.none")}</p>
              )}
            </Box>
          </>
        )}
      </div>
      <DocumentItemsTable items={d.items} />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Box title={t("payments.title")}>
          {d.payments.length === 0 ? <p className="text-slate-500">{t("payments.none")}</p> : d.payments.map((p, i) => <Row key={i} label={`${e(`paymentMethod.${p.method as PaymentMethod}`)}${p.description ? ` (${p.description})` : ""}`} value={formatMoney(p.value)} />)}
        </Box>
        <Box title={t("installments.title")}>
          {d.duplicates.length === 0 ? <p className="text-slate-500">{t("installments.none")}</p> : d.duplicates.map((dup) => <Row key={dup.number} label={t("installments.row", { number: dup.number, date: formatDate(dup.dueDate, timeZone) })} value={formatMoney(dup.value)} />)}
        </Box>
        <Box title={t("events.title")}>
          {d.events.length === 0 ? <p className="text-slate-500">{t("events.none")}</p> : d.events.map((ev) => <Row key={ev.id} label={`${e(`eventKind.${ev.kind as EventKind}`)}${ev.cStat ? ` (${ev.cStat})` : ""}`} value={formatDateTime(ev.occurredAt, timeZone)} />)}
        </Box>
      </div>
      {d.additionalInfo && (
        <Box title={t("additionalInfo")}>
          <p className="whitespace-pre-wrap text-slate-700">{d.additionalInfo}</p>
        </Box>
      )}
    </div>
  );
}
