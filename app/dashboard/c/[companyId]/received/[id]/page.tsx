import Link from "@/components/dashboard/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { formatCnpj, formatDate, formatDateTime } from "@/components/dashboard/format";
import type { ReactNode } from "react";
import { AccessKey } from "@/components/dashboard/access-key";
import { formatMoney, formatQuantity } from "@/components/dashboard/documents/money";
import { TABLE_SCROLL_BOX, WIDE_TABLE } from "@/components/dashboard/table-styles";
import { ManifestationPanel } from "@/components/dashboard/received/manifestation-panel";
import { ReceivedEvents } from "@/components/dashboard/received/received-events";
import { ReformEventsPanel } from "@/components/dashboard/reform-events/reform-events-panel";
import { canWrite } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { isStateCode, stateInfo } from "@/lib/br/states";
import { parseAuthorizedXml } from "@/lib/danfe/parse-authorized-xml";
import { DomainError } from "@/lib/errors";
import { allowedManifestations } from "@/lib/received/manifest-options";
import { findReceivedDocument, toReceivedDocumentResponse } from "@/lib/received/queries";

export const dynamic = "force-dynamic";

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2";

/** One received NF-e (or NFS-e): its data, items and values from the XML when it arrived, the manifestation and the downloads. */
export default async function ReceivedDocumentPage({ params }: { params: Promise<{ companyId: string; id: string }> }) {
  const { companyId, id } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const t = await getTranslations("received");
  const stored = await findReceivedDocument(company.id, id).catch((error: unknown) => {
    if (error instanceof DomainError && error.status === 404) notFound();
    throw error;
  });
  const document = toReceivedDocumentResponse(stored);
  const timeZone = isStateCode(company.state) ? stateInfo(company.state).timezone : "America/Sao_Paulo";
  let items: ReturnType<typeof parseAuthorizedXml>["items"] | null = null;
  const isNfse = document.type === "NFSE";
  if (stored.xml && !isNfse) {
    try {
      items = parseAuthorizedXml(stored.xml).items;
    } catch {
      items = null;
    }
  }
  const base = `/api/dashboard/companies/${company.id}/received-documents/${document.id}`;
  const allowed = allowedManifestations(stored);
  const field = (label: string, value: ReactNode, className = "") => (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{value}</dd>
    </div>
  );

  return (
    <div className="max-w-6xl space-y-4">
      <Link href={`/dashboard/c/${company.id}/received`} className="inline-block text-sm text-indigo-700 hover:underline">
        ← {t("detail.back")}
      </Link>
      <h1 className="text-xl font-semibold">{document.issuer.name}</h1>
      <p className="text-sm text-slate-600" data-testid="received-type">{t(`type.${document.type}`)}</p>
      <dl className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-3">
        {/* Two columns and grouped by four: the bare 44 characters ran over the issuer's CNPJ at 1280 px. */}
        {field(t("detail.accessKey"), <AccessKey value={document.accessKey} testId="received-access-key" />, "sm:col-span-2")}
        {field(t("detail.issuer"), `${formatCnpj(document.issuer.document)}`)}
        {field(t("detail.stateRegistration"), document.issuer.stateRegistration ?? "—")}
        {field(t("detail.issueDate"), formatDateTime(document.issueDate, timeZone))}
        {field(t("detail.totalValue"), formatMoney(document.totalValue))}
        {field(t("columns.operation"), t(`operation.${document.operation}`))}
        {field(t("columns.authorityStatus"), t(`authorityStatus.${document.authorityStatus}`))}
        {!isNfse && field(t("columns.manifestation"), t(`manifestation.${document.manifestation?.type ?? "PENDING"}`))}
        {document.manifestation && field(t("detail.protocol"), `${document.manifestation.protocol ?? "—"} · ${formatDateTime(document.manifestation.registeredAt, timeZone)}`)}
        {field(t("detail.nsu"), document.nsu)}
        {field(t("detail.receivedAt"), formatDate(document.receivedAt, timeZone))}
      </dl>

      <section className="space-y-2">
        <h2 className="font-semibold">{t("detail.downloads")}</h2>
        {document.hasXml ? (
          <div className="flex gap-2">
            <a href={`${base}/xml?download=true`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">{t("detail.xml")}</a>
            <a href={`${base}/danfe?download=true`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">{t(isNfse ? "detail.danfse" : "detail.danfe")}</a>
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t("detail.xmlPending")}</p>
        )}
      </section>

      {isNfse ? (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("manifest.nfseNotApplicable")}</p>
      ) : canWrite(user.role) ? (
        <ManifestationPanel companyId={company.id} documentId={document.id} allowed={allowed} />
      ) : (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("manifest.readOnly")}</p>
      )}

      {!isNfse && <ReceivedEvents companyId={company.id} documentId={document.id} timeZone={timeZone} />}

      {!isNfse && <ReformEventsPanel companyId={company.id} documentId={document.id} side="received" canWrite={canWrite(user.role) && document.authorityStatus === "AUTHORIZED"} />}

      {!isNfse && <section className="space-y-2">
        <h2 className="font-semibold">{t("detail.items")}</h2>
        {items ? (
          <div className={TABLE_SCROLL_BOX}>
            <table aria-label={t("detail.items")} className={WIDE_TABLE}>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className={th}>{t("detail.item.code")}</th>
                  <th className={th}>{t("detail.item.description")}</th>
                  <th className={th}>{t("detail.item.ncm")}</th>
                  <th className={th}>{t("detail.item.cfop")}</th>
                  <th className={`${th} text-right`}>{t("detail.item.quantity")}</th>
                  <th className={`${th} text-right`}>{t("detail.item.unitValue")}</th>
                  <th className={`${th} text-right`}>{t("detail.item.total")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((item, index) => (
                  <tr key={index}>
                    <td className={`${td} font-mono text-xs`}>{item.code}</td>
                    <td className={td}>{item.description}</td>
                    <td className={td}>{item.ncm}</td>
                    <td className={td}>{item.cfop}</td>
                    <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{formatQuantity(item.quantity)}</td>
                    <td className={`${td} whitespace-nowrap text-right`}>{formatMoney(item.unitValue)}</td>
                    <td className={`${td} whitespace-nowrap text-right`}>{formatMoney(item.totalValue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t("detail.itemsUnavailable")}</p>
        )}
      </section>}
    </div>
  );
}
