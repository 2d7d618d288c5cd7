"use client";

import Link from "@/components/dashboard/link";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { apiFetch } from "@/lib/client/api-fetch";
import type { CompanyOverview } from "@/lib/overview/contracts";
import { formatDateTime } from "../format";
import { RejectedList, StuckProcessingList } from "./attention-lists";
import { AuthorityStatusCard } from "./authority-status-card";
import { DocumentsByDayChart } from "./documents-by-day-chart";
import { QueryFrame } from "../resources/query-frame";
import { CHART_STATUS_ORDER, STATUS_COLOR } from "./status-colors";

function CertificateCard({ companyId, certificate }: { companyId: string; certificate: CompanyOverview["certificate"] }) {
  const t = useTranslations("overview.certificate");
  const warn = !certificate || certificate.warning;
  const until = certificate ? formatDateTime(certificate.notAfter) : "";
  return (
    <section aria-labelledby="certificate-card-title" data-testid="certificate-card" className={`rounded-lg border bg-white p-4 ${warn ? "border-amber-300" : "border-slate-200"}`}>
      <h2 id="certificate-card-title" className="text-sm font-semibold text-slate-700">
        {t("title")}
      </h2>
      {!certificate ? (
        <p className="mt-1 text-sm text-amber-800">{t("noCertificate")}</p>
      ) : certificate.expired ? (
        <p className="mt-1 text-sm text-red-700">{t("expired", { date: until })}</p>
      ) : (
        <>
          <p className={`mt-1 text-2xl font-semibold tabular-nums ${certificate.warning ? "text-amber-700" : "text-slate-900"}`}>{t("daysLeft", { days: certificate.daysLeft })}</p>
          <p className="text-xs text-slate-500">
            {certificate.holderName} · {t("validUntil", { date: until })}
          </p>
          {certificate.warning && <p className="mt-1 text-sm text-amber-800">{t("renewSoon")}</p>}
        </>
      )}
      <Link href={`/dashboard/c/${companyId}/certificate`} className="mt-2 inline-block text-xs text-indigo-700 hover:underline">
        {certificate ? t("manage") : t("install")}
      </Link>
    </section>
  );
}

function TodayCard({ overview }: { overview: CompanyOverview }) {
  const t = useTranslations("overview.today");
  const statuses = useTranslations("enums.documentStatus");
  return (
    <section aria-labelledby="today-card-title" data-testid="today-card" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="today-card-title" className="text-sm font-semibold text-slate-700">
        {t("title")}
      </h2>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{overview.today.total}</p>
      <p className="text-xs text-slate-500">
        {t("todayTotal", { count: overview.today.total })} · {t("last30", { count: overview.last30Days.total })}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-0.5 text-sm">
        {CHART_STATUS_ORDER.map((status) => (
          <div key={status} className="flex justify-between" data-testid={`today-${status}`}>
            <dt className="flex items-center gap-1.5">
              <span aria-hidden className="inline-block h-2 w-2 rounded-sm" style={{ backgroundColor: STATUS_COLOR[status] }} />
              {statuses(status)}
            </dt>
            <dd className="tabular-nums">{overview.today.counts[status]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function OverviewPanel({ companyId, state }: { companyId: string; state: string }) {
  const endpoint = `/api/dashboard/companies/${encodeURIComponent(companyId)}/overview`;
  const t = useTranslations("overview");
  const overview = useQuery({ queryKey: [endpoint], queryFn: () => apiFetch<CompanyOverview>(endpoint), refetchInterval: 60_000 });
  return (
    <QueryFrame query={overview} loading={t("loading")}>
      {(data) => (
        <div className="space-y-4">
          {/* Three cards side by side from 1024 px; stacked on a tablet, where a third of the width cut their lines. */}
          <div className="grid gap-4 lg:grid-cols-3">
            <TodayCard overview={data} />
            <CertificateCard companyId={companyId} certificate={data.certificate} />
            <AuthorityStatusCard companyId={companyId} state={state} />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <RejectedList companyId={companyId} rejected={data.rejected} />
            <StuckProcessingList companyId={companyId} stuck={data.stuckProcessing} />
          </div>
          <DocumentsByDayChart last30Days={data.last30Days} />
          <p className="text-xs text-slate-400">{t("updated", { when: formatDateTime(data.generatedAt) })}</p>
        </div>
      )}
    </QueryFrame>
  );
}
