"use client";

import { useMutation } from "@tanstack/react-query";
import { useTimeZone, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { DateInput } from "@/components/dashboard/date-input";
import { DEFAULT_TIME_ZONE } from "@/components/dashboard/format";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useIssueMessages } from "@/components/i18n/use-issue-message";
import { todayIn, zonedDayBounds } from "@/lib/br/date-input";
import { apiFetch } from "@/lib/client/api-fetch";
import { BackfillInput } from "@/lib/webhooks/schemas";
import { FilterCheckboxes } from "./filter-checkboxes";
import { webhooksApi, type DocumentTypeCode, type Environment } from "./labels";
import { useWebhookLabels } from "./use-webhook-labels";

type Criteria = { from: string; to: string; types: DocumentTypeCode[]; environment: Environment | ""; onlyMissing: boolean };
type DryRun = { dryRun: true; matched: number; truncated: boolean };

const fieldClass = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";

/** Issue dates are whole days in the company's zone (its state's: the fiscal day of the document). */
function toBody(criteria: Criteria, dryRun: boolean, timeZone: string): BackfillInput {
  return {
    // An unfinished date stays "" so the schema names the field.
    from: criteria.from && zonedDayBounds(criteria.from, timeZone).start,
    to: criteria.to && zonedDayBounds(criteria.to, timeZone).end,
    ...(criteria.types.length > 0 && { types: criteria.types }),
    ...(criteria.environment && { environment: criteria.environment }),
    onlyMissing: criteria.onlyMissing,
    dryRun,
  };
}

export function BackfillForm({ companyId, onStarted }: { companyId: string; onStarted: (runId: string) => void }) {
  const t = useTranslations("webhooks.backfillForm");
  const labels = useWebhookLabels();
  const errorMessage = useErrorMessage();
  const timeZone = useTimeZone() ?? DEFAULT_TIME_ZONE;
  const issueMessages = useIssueMessages();
  const api = `${webhooksApi(companyId)}/backfill`;
  const today = todayIn(timeZone);
  const [criteria, setCriteria] = useState<Criteria>({ from: today, to: today, types: [], environment: "", onlyMissing: true });
  const [counted, setCounted] = useState<{ criteria: Criteria; result: DryRun } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const dryRun = useMutation({ mutationFn: (body: BackfillInput) => apiFetch<DryRun>(api, { method: "POST", body }) });
  const start = useMutation({ mutationFn: (body: BackfillInput) => apiFetch<{ runId: string }>(api, { method: "POST", body }), onSuccess: (run) => {
      // A new run needs a new count: no second click starts the same backfill twice.
      setCounted(null);
      onStarted(run.runId);
    },
  });
  const set = <K extends keyof Criteria>(key: K, value: Criteria[K]) => setCriteria((current) => ({ ...current, [key]: value }));
  const stale = counted !== null && JSON.stringify(counted.criteria) !== JSON.stringify(criteria);

  function count(event: FormEvent) {
    event.preventDefault();
    const parsed = BackfillInput.safeParse(toBody(criteria, true, timeZone));
    if (!parsed.success) {
      setFormError(issueMessages(parsed.error, { from: t("from"), to: t("to") }));
      return;
    }
    setFormError(null);
    const snapshot = { ...criteria };
    dryRun.mutate(parsed.data, { onSuccess: (result) => setCounted({ criteria: snapshot, result }) });
  }

  const error = formError ?? (dryRun.error ? errorMessage(dryRun.error) : start.error ? errorMessage(start.error) : null);
  return (
    <form onSubmit={count} aria-label={t("title")} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold">{t("title")}</h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor="backfill-from" className="block text-sm font-medium text-slate-700">
            {t("from")}
          </label>
          <DateInput id="backfill-from" value={criteria.from} onChange={(iso) => set("from", iso)} className={fieldClass} required />
        </div>
        <div>
          <label htmlFor="backfill-to" className="block text-sm font-medium text-slate-700">
            {t("to")}
          </label>
          <DateInput id="backfill-to" value={criteria.to} onChange={(iso) => set("to", iso)} className={fieldClass} required />
        </div>
        <div>
          <label htmlFor="backfill-environment" className="block text-sm font-medium text-slate-700">
            {t("environment")}
          </label>
          <select id="backfill-environment" value={criteria.environment} onChange={(e) => set("environment", e.target.value as Criteria["environment"])} className={fieldClass}>
            <option value="">{t("both")}</option>
            {Object.entries(labels.environment).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FilterCheckboxes legend={t("types")} options={labels.documentType} value={criteria.types} onChange={(types) => set("types", types)} allLabel={t("allTypes")} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={criteria.onlyMissing} onChange={(e) => set("onlyMissing", e.target.checked)} />
        {t("onlyMissing")}
      </label>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={dryRun.isPending} className="rounded-md border border-indigo-600 px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 disabled:opacity-60">
          {dryRun.isPending ? t("counting") : t("dryRun")}
        </button>
        {counted && !stale && counted.result.matched > 0 && (
          <button
            type="button"
            disabled={start.isPending}
            onClick={() => start.mutate(toBody(counted.criteria, false, timeZone))}
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60"
          >
            {start.isPending ? t("starting") : t("start", { count: Math.min(counted.result.matched, 5000) })}
          </button>
        )}
      </div>
      {counted && (
        <div data-testid="backfill-dry-run" role="status" className={`rounded-md px-3 py-2 text-sm ${counted.result.truncated ? "bg-amber-50 text-amber-900" : "bg-slate-50 text-slate-800"}`}>
          {stale ? (
            t("changed")
          ) : counted.result.matched === 0 ? (
            t("nothing")
          ) : (
            <>
              <strong>{t("matched", { count: counted.result.matched })}</strong> {counted.result.truncated ? t("truncated") : t("notTruncated")}
            </>
          )}
        </div>
      )}
    </form>
  );
}
