"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import type { CompanyOverview } from "@/lib/overview/contracts";
import { formatDateTime } from "../format";
import { RejectedList, StuckProcessingList } from "./attention-lists";
import { AuthorityStatusCard } from "./authority-status-card";
import { DocumentsByDayChart } from "./documents-by-day-chart";
import { CHART_STATUS_ORDER, STATUS_STYLE } from "./status-colors";

const TEXT = {
  loading: "Loading what needs attention…",
  retry: "Try again",
  today: "Today",
  todayTotal: (n: number) => `${n} document${n === 1 ? "" : "s"} created today`,
  last30: (n: number) => `${n} in the last 30 days`,
  certificate: "A1 certificate",
  noCertificate: "No certificate installed: nothing can be signed or emitted.",
  install: "Install one",
  expired: (date: string) => `Expired on ${date}. Emissions fail until a new one is installed.`,
  daysLeft: (days: number) => `${days} day${days === 1 ? "" : "s"} left`,
  validUntil: (date: string) => `valid until ${date}`,
  renewSoon: "Renew it now: SEFAZ refuses documents signed with an expired certificate.",
  manage: "Manage",
  updated: (when: string) => `Updated ${when}`,
};

function CertificateCard({ companyId, certificate }: { companyId: string; certificate: CompanyOverview["certificate"] }) {
  const warn = !certificate || certificate.warning;
  const until = certificate ? formatDateTime(certificate.notAfter) : "";
  return (
    <section aria-labelledby="certificate-card-title" data-testid="certificate-card" className={`rounded-lg border bg-white p-4 ${warn ? "border-amber-300" : "border-slate-200"}`}>
      <h2 id="certificate-card-title" className="text-sm font-semibold text-slate-700">
        {TEXT.certificate}
      </h2>
      {!certificate ? (
        <p className="mt-1 text-sm text-amber-800">{TEXT.noCertificate}</p>
      ) : certificate.expired ? (
        <p className="mt-1 text-sm text-red-700">{TEXT.expired(until)}</p>
      ) : (
        <>
          <p className={`mt-1 text-2xl font-semibold tabular-nums ${certificate.warning ? "text-amber-700" : "text-slate-900"}`}>{TEXT.daysLeft(certificate.daysLeft)}</p>
          <p className="text-xs text-slate-500">
            {certificate.holderName} · {TEXT.validUntil(until)}
          </p>
          {certificate.warning && <p className="mt-1 text-sm text-amber-800">{TEXT.renewSoon}</p>}
        </>
      )}
      <Link href={`/dashboard/c/${companyId}/certificate`} className="mt-2 inline-block text-xs text-indigo-700 hover:underline">
        {certificate ? TEXT.manage : TEXT.install}
      </Link>
    </section>
  );
}

function TodayCard({ overview }: { overview: CompanyOverview }) {
  return (
    <section aria-labelledby="today-card-title" data-testid="today-card" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="today-card-title" className="text-sm font-semibold text-slate-700">
        {TEXT.today}
      </h2>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{overview.today.total}</p>
      <p className="text-xs text-slate-500">
        {TEXT.todayTotal(overview.today.total)} · {TEXT.last30(overview.last30Days.total)}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-0.5 text-sm">
        {CHART_STATUS_ORDER.map((status) => (
          <div key={status} className="flex justify-between" data-testid={`today-${status}`}>
            <dt className="flex items-center gap-1.5">
              <span aria-hidden className="inline-block h-2 w-2 rounded-sm" style={{ backgroundColor: STATUS_STYLE[status].color }} />
              {STATUS_STYLE[status].label}
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
  const overview = useQuery({ queryKey: [endpoint], queryFn: () => apiFetch<CompanyOverview>(endpoint), refetchInterval: 60_000 });
  if (overview.isPending) return <p className="text-sm text-slate-500">{TEXT.loading}</p>;
  if (overview.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(overview.error)}{" "}
        <button type="button" className="underline" onClick={() => void overview.refetch()}>
          {TEXT.retry}
        </button>
      </p>
    );
  }
  const data = overview.data;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-3">
        <TodayCard overview={data} />
        <CertificateCard companyId={companyId} certificate={data.certificate} />
        <AuthorityStatusCard companyId={companyId} state={state} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <RejectedList companyId={companyId} rejected={data.rejected} />
        <StuckProcessingList companyId={companyId} stuck={data.stuckProcessing} />
      </div>
      <DocumentsByDayChart last30Days={data.last30Days} />
      {/* Webhook health (endpoints disabled or failing, 7-day delivery success rate) joins here once lib/webhooks lands; not shown until it has a data source. */}
      <p className="text-xs text-slate-400">{TEXT.updated(formatDateTime(data.generatedAt))}</p>
    </div>
  );
}
