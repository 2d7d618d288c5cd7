import Link from "@/components/dashboard/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { formatAccessKey, formatDate, formatDateTime } from "@/components/dashboard/format";
import { TABLE_SCROLL_BOX, WIDE_TABLE } from "@/components/dashboard/table-styles";
import { IncludeNfeForm } from "@/components/transport-manifests/include-nfe-form";
import { ManifestActions } from "@/components/transport-manifests/manifest-actions";
import { canWrite } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { isStateCode, stateInfo } from "@/lib/br/states";
import { DomainError } from "@/lib/errors";
import { acceptsDocumentInclusion, getTransportManifest, listInclusionCandidates } from "@/lib/mdfe";

export const dynamic = "force-dynamic";

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2";
const cpf = (value: string) => value.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");

async function load(companyId: string, id: string) {
  try {
    return await getTransportManifest(companyId, id);
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) notFound();
    throw error;
  }
}

/** One MDF-e: its data, events, downloads and (for writers, while open) close, cancel, add a driver and, loaded later, add NF-e (110115). */
export default async function TransportManifestPage({ params }: { params: Promise<{ companyId: string; id: string }> }) {
  const { companyId, id } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const t = await getTranslations("transportManifests");
  const timeZone = isStateCode(company.state) ? stateInfo(company.state).timezone : "America/Sao_Paulo";
  const m = await load(company.id, id);
  const api = `/api/dashboard/companies/${company.id}/transport-manifests/${m.id}`;
  const downloadable = m.status !== "PROCESSING";
  const includable = acceptsDocumentInclusion(m) && canWrite(user.role);
  const inclusionCandidates = includable ? await listInclusionCandidates(company.id, m) : [];
  const row = (label: string, value: string) => (
    <div className="grid grid-cols-3 gap-2 py-1">
      <dt className="text-slate-500">{label}</dt>
      <dd className="col-span-2">{value}</dd>
    </div>
  );

  return (
    <div className="max-w-5xl space-y-4">
      <Link className="text-sm underline" href={`/dashboard/c/${company.id}/transport-manifests`}>{t("detail.back")}</Link>
      <h1 className="text-xl font-semibold">{t("detail.title", { series: m.series, number: m.number })}</h1>
      <dl className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
        {row(t("detail.status"), t(`statuses.${m.status}`))}
        {row(t("detail.accessKey"), formatAccessKey(m.accessKey))}
        {row(t("detail.protocol"), m.protocol ?? "—")}
        {row(t("detail.route"), `${m.startState} → ${m.endState}`)}
        {row(t("detail.plate"), m.vehiclePlate)}
        {row(t("detail.issued"), formatDateTime(m.issuedAt, timeZone))}
        {row(t("detail.authorized"), formatDateTime(m.authorizedAt, timeZone))}
        {m.closedOn && row(t("detail.closedOn"), formatDate(m.closedOn, timeZone))}
        {m.cancellationReason && row(t("detail.cancellationReason"), m.cancellationReason)}
        {m.rejectionReason && row(t("detail.rejection"), `${m.rejectionCode ?? ""} - ${m.rejectionReason}`)}
        {row(t("detail.drivers"), m.drivers.map((d) => `${d.name} (${cpf(d.cpf)})`).join("; "))}
      </dl>
      {downloadable && (
        <div className="flex flex-wrap gap-3 text-sm">
          {m.status !== "REJECTED" && <a className="underline" href={`${api}/damdfe`}>{t("detail.downloadDamdfe")}</a>}
          {/* Never authorized: its DAMDFE only as a preview, without fiscal value (GET …/damdfe?preview=true). */}
          {m.status === "REJECTED" && <a className="underline" href={`${api}/damdfe?preview=true`} target="_blank" rel="noopener">{t("detail.previewDamdfe")}</a>}
          <a className="underline" href={`${api}/xml`}>{t("detail.downloadXml")}</a>
        </div>
      )}
      <section className="space-y-2">
        <h2 className="font-semibold">{t("detail.documents")}</h2>
        <div className={TABLE_SCROLL_BOX}>
          <table aria-label={t("detail.documents")} className={WIDE_TABLE}>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className={th}>{t("detail.accessKey")}</th>
                <th className={th}>{t("detail.unloading")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {m.documents.map((d) => (
                <tr key={d.accessKey}>
                  <td className={`${td} font-mono text-xs`}>{formatAccessKey(d.accessKey)}</td>
                  <td className={td}>{d.unloadingMunicipalityName} ({d.unloadingMunicipalityCode})</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {m.events.length > 0 && (
        <section className="space-y-2">
          <h2 className="font-semibold">{t("detail.events")}</h2>
          <div className={TABLE_SCROLL_BOX}>
            <table aria-label={t("detail.events")} className={WIDE_TABLE}>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className={th}>{t("detail.eventType")}</th>
                  <th className={th}>{t("detail.eventDate")}</th>
                  <th className={th}>{t("detail.protocol")}</th>
                  <th className={th}>{t("detail.eventStatus")}</th>
                  <th className={th}>{t("detail.eventXml")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {m.events.map((e) => (
                  <tr key={`${e.eventCode}-${e.sequence}`}>
                    <td className={td}>{t(`eventTypes.${e.type}`)} ({e.eventCode})</td>
                    <td className={td}>{formatDateTime(e.createdAt, timeZone)}</td>
                    <td className={td}>{e.protocol ?? (e.reason ? `${e.cStat ?? ""} - ${e.reason}` : "—")}</td>
                    <td className={td}>{t(`eventStatuses.${e.status}`)}</td>
                    <td className={td}>
                      {e.status === "REGISTERED" ? (
                        <a className="underline" href={`${api}/events/${e.id}/xml?download=true`}>{t("detail.downloadEventXml")}</a>
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {includable && <IncludeNfeForm api={api} candidates={inclusionCandidates} />}
      {m.status === "AUTHORIZED" &&
        (canWrite(user.role) ? (
          <ManifestActions api={api} />
        ) : (
          <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("detail.readOnly")}</p>
        ))}
    </div>
  );
}
