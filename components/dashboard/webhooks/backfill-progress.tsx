"use client";

import { useTranslations } from "next-intl";
import type { BackfillRunWithActor } from "@/lib/webhooks/dashboard-contracts";

export function BackfillProgress({ run }: { run: BackfillRunWithActor }) {
  const t = useTranslations("webhooks.backfillProgress");
  const statuses = useTranslations("enums.runStatus");
  const percent = run.matched === 0 ? 100 : Math.min(100, Math.floor((run.dispatched / run.matched) * 100));
  const color = run.status === "FAILED" ? "bg-red-500" : run.status === "SUCCEEDED" ? "bg-emerald-500" : "bg-indigo-500";
  return (
    <div data-testid="backfill-progress" data-status={run.status} className="space-y-1">
      <div className="flex flex-wrap justify-between gap-x-3 text-sm">
        <span className="font-medium">{statuses(run.status)}</span>
        <span className="text-slate-700">
          {t("of", { done: run.dispatched, total: run.matched })} · <span data-testid="backfill-percent">{percent} %</span>
        </span>
      </div>
      <div role="progressbar" aria-label={t("label")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-3 overflow-hidden rounded-full bg-slate-200">
        <div className={`h-full ${color} transition-all`} style={{ width: `${percent}%` }} />
      </div>
      {run.error && <p className="text-sm text-red-700">{run.error}</p>}
      {run.truncated && <p className="text-xs text-amber-700">{t("truncated")}</p>}
    </div>
  );
}
