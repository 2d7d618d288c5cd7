import Link from "@/components/dashboard/link";
import { getTranslations } from "next-intl/server";
import { activeContingencyBanners } from "@/lib/contingency/contingency-state";
import { contingencyDeadlinesAtRisk } from "@/lib/emission/contingency/deadline-warnings";
import { manifestContingencyDeadlinesAtRisk } from "@/lib/mdfe/contingency-deadline";
import { contingencyTime } from "./contingency-time";

/**
 * On every page of a company in contingency: since when (in its state's zone), why, and a way to
 * the switch; and, contingency or not, the documents issued in it that passed 75 % of their
 * transmission deadline (issue 50 item 5): SEFAZ refuses them (704) if nothing changes; and the
 * MDF-e issued offline past 75 % of their 168 h (the SVRS refuses them: 228).
 */
export async function ContingencyBanner({ companyId, timeZone }: { companyId: string; timeZone: string }) {
  const [banners, atRisk, manifestsAtRisk] = await Promise.all([activeContingencyBanners(companyId), contingencyDeadlinesAtRisk(companyId), manifestContingencyDeadlinesAtRisk(companyId)]);
  if (banners.length === 0 && atRisk.total === 0 && manifestsAtRisk.total === 0) return null;
  const t = await getTranslations("contingency");
  return (
    <>
      {atRisk.total > 0 && (
        <div role="alert" className="mb-4 space-y-1 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="contingency-deadline-banner">
          <p className="font-semibold">{t("deadlineBanner", { count: atRisk.total })}</p>
          <ul className="list-inside list-disc text-xs">
            {atRisk.documents.map((d) => (
              <li key={d.id}>
                <Link href={`/dashboard/c/${companyId}/documents/${d.id}`} className="underline" prefetch={false}>
                  {t("deadlineDocument", { model: t(`model.${d.type === "NFCE" ? "65" : "55"}`), number: d.number, series: d.series ?? 0, deadline: contingencyTime(d.deadlineAt, timeZone) })}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {manifestsAtRisk.total > 0 && (
        <div role="alert" className="mb-4 space-y-1 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="manifest-contingency-deadline-banner">
          <p className="font-semibold">{t("manifestDeadlineBanner", { count: manifestsAtRisk.total })}</p>
          <ul className="list-inside list-disc text-xs">
            {manifestsAtRisk.manifests.map((m) => (
              <li key={m.id}>
                <Link href={`/dashboard/c/${companyId}/transport-manifests/${m.id}`} className="underline" prefetch={false}>
                  {t("deadlineManifest", { number: m.number, series: m.series, deadline: contingencyTime(m.deadlineAt, timeZone) })}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {banners.length > 0 && <ActiveContingencies companyId={companyId} timeZone={timeZone} banners={banners} t={t} />}
    </>
  );
}

function ActiveContingencies({ companyId, timeZone, banners, t }: { companyId: string; timeZone: string; banners: Awaited<ReturnType<typeof activeContingencyBanners>>; t: Awaited<ReturnType<typeof getTranslations<"contingency">>> }) {
  return (
    <div role="status" className="mb-4 space-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {banners.map((banner) => {
        const time = contingencyTime(banner.since, timeZone);
        return (
          <p key={banner.id} className="flex flex-wrap items-baseline gap-x-2">
            <strong className="font-semibold">{banner.automatic ? t("banner", { time, authority: banner.authority }) : t("bannerManual", { time, reason: banner.reason })}</strong>
            <span className="text-xs text-amber-800">{t("bannerDetail", { model: t(`model.${banner.model}`), mode: banner.model === 58 ? t("mode.OFFLINE_MDFE") : t(String(banner.model) === "65" && banner.mode === "EPEC" ? "mode.EPEC_NFCE" : `mode.${banner.mode}`) })}</span>
          </p>
        );
      })}
      <Link href={`/dashboard/c/${companyId}/authority-status`} className="text-xs font-medium underline" prefetch={false}>
        {t("manage")}
      </Link>
    </div>
  );
}
