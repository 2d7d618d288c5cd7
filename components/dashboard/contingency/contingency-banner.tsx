import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { activeContingencyBanners } from "@/lib/contingency/contingency-state";
import { contingencyTime } from "./contingency-time";

/** On every page of a company in contingency: since when (in its state's zone), why, and a way to the switch. */
export async function ContingencyBanner({ companyId, timeZone }: { companyId: string; timeZone: string }) {
  const banners = await activeContingencyBanners(companyId);
  if (banners.length === 0) return null;
  const t = await getTranslations("contingency");
  return (
    <div role="status" className="mb-4 space-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {banners.map((banner) => {
        const time = contingencyTime(banner.since, timeZone);
        return (
          <p key={banner.id} className="flex flex-wrap items-baseline gap-x-2">
            <strong className="font-semibold">{banner.automatic ? t("banner", { time, authority: banner.authority }) : t("bannerManual", { time, reason: banner.reason })}</strong>
            <span className="text-xs text-amber-800">{t("bannerDetail", { model: t(`model.${banner.model}`), mode: t(`mode.${banner.mode}`) })}</span>
          </p>
        );
      })}
      <Link href={`/dashboard/c/${companyId}/authority-status`} className="text-xs font-medium underline" prefetch={false}>
        {t("manage")}
      </Link>
    </div>
  );
}
