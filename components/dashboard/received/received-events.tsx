import { getTranslations } from "next-intl/server";
import { formatDateTime } from "@/components/dashboard/format";
import { TABLE_SCROLL_BOX, WIDE_TABLE } from "@/components/dashboard/table-styles";
import { listReceivedDocumentEvents } from "@/lib/received/queries";

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2";

/** The events the distribution brought on a received NF-e (the issuer's, ours, the fisco's such as an MDF-e's 610610). */
export async function ReceivedEvents({ companyId, documentId, timeZone }: { companyId: string; documentId: string; timeZone: string }) {
  const t = await getTranslations("received.events");
  const events = await listReceivedDocumentEvents(companyId, documentId);
  const name = (code: string) => (t.has(`names.${code}` as never) ? t(`names.${code}` as never) : t("other", { code }));
  return (
    <section className="space-y-2" data-testid="received-events">
      <h2 className="font-semibold">{t("title")}</h2>
      {events.length === 0 ? (
        <p className="text-sm text-slate-600">{t("none")}</p>
      ) : (
        <div className={TABLE_SCROLL_BOX}>
          <table aria-label={t("title")} className={WIDE_TABLE}>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className={th}>{t("columns.event")}</th>
                <th className={th}>{t("columns.sequence")}</th>
                <th className={th}>{t("columns.registeredAt")}</th>
                <th className={th}>{t("columns.protocol")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {events.map((event) => (
                <tr key={event.id}>
                  <td className={td}>{name(event.eventType)} ({event.eventType})</td>
                  <td className={td}>{event.sequence}</td>
                  <td className={td}>{formatDateTime(event.registeredAt ?? event.createdAt, timeZone)}</td>
                  <td className={`${td} font-mono text-xs`}>{event.protocol ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
