"use client";

import Link from "@/components/dashboard/link";
import { useTranslations } from "next-intl";
import type { CompanyOverview } from "@/lib/overview/contracts";
import { useDocumentTitle } from "../documents/document-title";
import { formatMoney } from "../documents/money";
import { formatDateTime } from "../format";

type Rejected = CompanyOverview["rejected"];
type Stuck = CompanyOverview["stuckProcessing"];

export function RejectedList({ companyId, rejected }: { companyId: string; rejected: Rejected }) {
  const t = useTranslations("overview.attention");
  const title = useDocumentTitle();
  return (
    <section aria-labelledby="rejected-title" className={`rounded-lg border bg-white p-4 ${rejected.total > 0 ? "border-red-200" : "border-slate-200"}`}>
      <h2 id="rejected-title" className="text-base font-semibold">
        {t("rejectedTitle")} <span className="text-sm font-normal text-slate-500">({rejected.total})</span>
      </h2>
      {rejected.latest.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t("rejectedNone")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" data-testid="rejected-list">
          {rejected.latest.map((doc) => (
            <li key={doc.id} className="py-2 text-sm">
              <Link href={`/dashboard/c/${companyId}/documents/${doc.id}`} className="font-medium text-indigo-700 hover:underline">
                {title({ ...doc, status: "REJECTED" })}
              </Link>
              <span className="ml-2 text-slate-500">
                {doc.clientName ? `${doc.clientName} · ` : ""}
                {formatMoney(doc.totalValue)} · {formatDateTime(doc.rejectedAt)}
              </span>
              <span className="block text-red-800">{/* Emission stores the reason as "cStat - xMotivo" (our code for refusals before sending). */ doc.rejectionReason ?? doc.rejectionCode ?? t("noReason")}</span>
            </li>
          ))}
        </ul>
      )}
      {rejected.total > rejected.latest.length && <p className="mt-1 text-xs text-slate-500">{t("rejectedMore", { shown: rejected.latest.length, total: rejected.total })}</p>}
    </section>
  );
}

export function StuckProcessingList({ companyId, stuck }: { companyId: string; stuck: Stuck }) {
  const t = useTranslations("overview.attention");
  const title = useDocumentTitle();
  const waited = (minutes: number) => (minutes >= 120 ? t("hours", { hours: Math.floor(minutes / 60) }) : t("minutes", { minutes }));
  return (
    <section aria-labelledby="stuck-title" className={`rounded-lg border bg-white p-4 ${stuck.total > 0 ? "border-amber-300" : "border-slate-200"}`}>
      <h2 id="stuck-title" className="text-base font-semibold">
        {t("stuckTitle", { minutes: stuck.thresholdMinutes })} <span className="text-sm font-normal text-slate-500">({stuck.total})</span>
      </h2>
      {stuck.oldest.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t("stuckNone")}</p>
      ) : (
        <>
          <p className="mt-1 text-xs text-slate-600">{t("stuckHint")}</p>
          <ul className="mt-2 divide-y divide-slate-100" data-testid="stuck-list">
            {stuck.oldest.map((doc) => (
              <li key={doc.id} className="flex justify-between py-2 text-sm">
                <Link href={`/dashboard/c/${companyId}/documents/${doc.id}`} className="font-medium text-indigo-700 hover:underline">
                  {title({ ...doc, status: "PROCESSING" })}
                </Link>
                <span className="text-amber-800">{waited(doc.minutes)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {stuck.total > stuck.oldest.length && <p className="mt-1 text-xs text-slate-500">{t("stuckMore", { shown: stuck.oldest.length, total: stuck.total })}</p>}
    </section>
  );
}
