import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { figureFormat } from "@/components/status/figure-format";
import { ApiFiguresTable, AuthorizersTable } from "@/components/status/status-tables";
import { statusSummary } from "@/lib/status/status-summary";

// Public (no login): the figures of GET /v1/status (lib/status), cached 5 s per process.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("publicStatus");
  return { title: t("pageTitle") };
}

const TIME_ZONE = "America/Sao_Paulo";

export default async function StatusPage() {
  const summary = await statusSummary();
  const t = await getTranslations();
  const time = figureFormat(await getLocale(), TIME_ZONE).dateTime;
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <header>
        <p className="text-sm font-semibold tracking-tight text-slate-500">{t("meta.productName")}</p>
        <h1 className="text-xl font-semibold">{t("publicStatus.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("publicStatus.intro")}</p>
        <p className="mt-1 text-xs text-slate-500">{t("publicStatus.updatedAt", { time: time(summary.generatedAt) })}</p>
      </header>
      <p className={`rounded px-3 py-2 text-sm ${summary.objectivesMissed ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-800"}`} data-testid="objectives-banner">
        {summary.objectivesMissed ? t("publicStatus.someMissed") : t("publicStatus.allMet")}
      </p>
      <section className="space-y-2">
        <h2 className="text-base font-semibold">{t("publicStatus.apiTitle")}</h2>
        <p className="text-sm text-slate-600">{t("publicStatus.apiIntro", { since: time(summary.api.countingSince) })}</p>
        <ApiFiguresTable api={summary.api} timeZone={TIME_ZONE} />
      </section>
      <section className="space-y-2">
        <h2 className="text-base font-semibold">{t("publicStatus.authoritiesTitle")}</h2>
        <p className="text-sm text-slate-600">{t("publicStatus.authoritiesIntro")}</p>
        <AuthorizersTable authorizers={summary.authorizers} timeZone={TIME_ZONE} />
      </section>
    </main>
  );
}
