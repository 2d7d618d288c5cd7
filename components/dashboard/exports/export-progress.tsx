"use client";

import { useLocale, useTranslations } from "next-intl";
import type { ExportRecord } from "@/lib/exports/schemas";
import { exportsApi, formatBytes } from "./export-labels";

const STATUS_CLASS: Record<string, string> = { READY: "text-emerald-700", FAILED: "text-red-700", EXPIRED: "text-slate-500", RUNNING: "text-amber-700", QUEUED: "text-amber-700" };

/** Status, a progress bar while building, and the download link once ready. */
export function ExportProgress({ companyId, record }: { companyId: string; record: ExportRecord }) {
  const t = useTranslations("exports");
  const locale = useLocale();
  const { done, total, percent } = record.progress;
  return (
    <div className="space-y-1 text-sm" data-testid="export-progress">
      <p>
        <span className={`font-medium ${STATUS_CLASS[record.status] ?? ""}`}>{t(`status.${record.status}`)}</span>
        {record.status !== "EXPIRED" && <span className="text-slate-600"> · {t("progress", { done, total, size: formatBytes(record.sizeBytes, locale) })}</span>}
      </p>
      {(record.status === "RUNNING" || record.status === "QUEUED") && (
        <div className="h-2 w-full max-w-sm overflow-hidden rounded bg-slate-200" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
          <div className="h-full bg-indigo-600 transition-all" style={{ width: `${percent}%` }} />
        </div>
      )}
      {record.status === "FAILED" && <p className="text-red-700">{t("failed", { error: record.error ?? "—" })}</p>}
      {record.status === "READY" && (
        <a href={`${exportsApi(companyId)}/${encodeURIComponent(record.id)}/download`} download={record.fileName} className="inline-block rounded-md border border-indigo-600 px-3 py-1 font-semibold text-indigo-700 hover:bg-indigo-50">
          {t("download")}
        </a>
      )}
    </div>
  );
}
