"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useIssueMessages } from "@/components/i18n/use-issue-message";
import { apiFetch } from "@/lib/client/api-fetch";
import { CreateInutilizationInput, type CreateInutilizationResponse } from "@/lib/inutilizations/schemas";
import { buttonClass } from "@/components/dashboard/button-styles";

export type SuggestedRange = { model: "55" | "65"; series: number; startNumber: number; endNumber: number };

const input = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1";

/** Declares a range unused; the suggestions come from the numbers that never reached authorization. */
export function InutilizationForm({ companyId, suggestions }: { companyId: string; suggestions: SuggestedRange[] }) {
  const t = useTranslations("inutilizations.form");
  const errorMessage = useErrorMessage();
  const issueMessages = useIssueMessages();
  const router = useRouter();
  const [form, setForm] = useState({ model: "55", series: "1", startNumber: "", endNumber: "", justification: "" });
  const [advanceSeries, setAdvanceSeries] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: CreateInutilizationInput) =>
      apiFetch<CreateInutilizationResponse>(`/api/dashboard/companies/${companyId}/inutilizations`, { method: "POST", body }),
    onSuccess: () => {
      setForm((f) => ({ ...f, startNumber: "", endNumber: "", justification: "" }));
      router.refresh();
    },
    // A refusal is recorded too (REJECTED or PENDING): show it in the list.
    onError: () => router.refresh(),
  });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value }));

  return (
    <form
      aria-label={t("title")}
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = CreateInutilizationInput.safeParse({
          model: form.model,
          series: Number(form.series),
          startNumber: Number(form.startNumber),
          endNumber: Number(form.endNumber),
          justification: form.justification,
          advanceSeries,
        });
        if (!parsed.success) {
          const first = parsed.error.issues.slice(0, 1);
          return setInvalid(first.length ? issueMessages({ issues: first }) : t("invalid"));
        }
        setInvalid(null);
        create.mutate(parsed.data);
      }}
    >
      <h2 className="font-semibold">{t("heading")}</h2>
      {suggestions.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-slate-600">{t("suggestions")}</span>
          {suggestions.map((s) => (
            <button
              key={`${s.model}-${s.series}-${s.startNumber}`}
              type="button"
              className="rounded border border-amber-300 bg-amber-50 px-2 py-0.5 font-mono text-xs"
              onClick={() => setForm((f) => ({ ...f, model: s.model, series: String(s.series), startNumber: String(s.startNumber), endNumber: String(s.endNumber) }))}
            >
              {s.model} / {s.series}: {s.startNumber === s.endNumber ? s.startNumber : `${s.startNumber}–${s.endNumber}`}
            </button>
          ))}
        </div>
      )}
      <div className="grid gap-2 md:grid-cols-4">
        <label>
          <span className="text-slate-600">{t("model")}</span>
          <select name="model" value={form.model} onChange={set("model")} className={input}>
            <option value="55">NF-e (55)</option>
            <option value="65">NFC-e (65)</option>
          </select>
        </label>
        <label>
          <span className="text-slate-600">{t("series")}</span>
          <input name="series" inputMode="numeric" value={form.series} onChange={set("series")} className={input} />
        </label>
        <label>
          <span className="text-slate-600">{t("startNumber")}</span>
          <input name="startNumber" inputMode="numeric" value={form.startNumber} onChange={set("startNumber")} className={input} />
        </label>
        <label>
          <span className="text-slate-600">{t("endNumber")}</span>
          <input name="endNumber" inputMode="numeric" value={form.endNumber} onChange={set("endNumber")} className={input} />
        </label>
      </div>
      <label className="block">
        <span className="text-slate-600">{t("justification")}</span>
        <input name="justification" value={form.justification} onChange={set("justification")} className={input} />
      </label>
      <label className="flex items-start gap-2">
        <input type="checkbox" name="advanceSeries" checked={advanceSeries} onChange={(event) => setAdvanceSeries(event.target.checked)} className="mt-0.5" />
        <span className="text-slate-600">{t("advanceSeries")}</span>
      </label>
      {(invalid !== null || create.isError) && (
        <p role="alert" className="text-red-700">
          {invalid ?? errorMessage(create.error)}
        </p>
      )}
      {create.isSuccess && <p role="status" className="text-emerald-700">{t("done", { protocol: create.data.protocol ?? "—" })}</p>}
      <button type="submit" disabled={create.isPending} className={buttonClass("primary")}>
        {create.isPending ? t("sending") : t("submit")}
      </button>
    </form>
  );
}
