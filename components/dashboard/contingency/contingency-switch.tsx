"use client";

import { useMutation } from "@tanstack/react-query";
import { useTimeZone, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";
import { EnterContingencyBody, type ContingencyOverview, type ContingencyState } from "@/lib/contingency/schemas";
import { contingencyTime } from "./contingency-time";
import { buttonClass } from "@/components/dashboard/button-styles";

type Model = "55" | "58" | "65";

/** Enter by hand with a justification, or leave, per model (ADMIN and ACCOUNTANT; the others read). */
export function ContingencySwitch({ companyId, initial, canManage }: { companyId: string; initial: ContingencyOverview; canManage: boolean }) {
  const t = useTranslations("contingency");
  return (
    <section aria-labelledby="contingency-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="contingency-title" className="text-base font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
        {(["55", "65", "58"] as const).map((model) => (
          <ModelSwitch key={model} companyId={companyId} state={initial[model]} canManage={canManage} />
        ))}
      </div>
      {!canManage && <p className="mt-3 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("readOnly")}</p>}
    </section>
  );
}

function ModelSwitch({ companyId, state, canManage }: { companyId: string; state: ContingencyState; canManage: boolean }) {
  const t = useTranslations("contingency");
  const timeZone = useTimeZone() ?? "America/Sao_Paulo";
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const model = state.model as Model;
  const [justification, setJustification] = useState("");
  const [invalid, setInvalid] = useState(false);
  const endpoint = `/api/dashboard/companies/${companyId}/contingency`;
  const change = useMutation({
    mutationFn: (action: "enter" | "leave") =>
      action === "enter" ? apiFetch<ContingencyState>(endpoint, { method: "POST", body: { model, justification } }) : apiFetch<ContingencyState>(`${endpoint}?model=${model}`, { method: "DELETE" }),
    onSuccess: () => {
      setJustification("");
      router.refresh();
    },
  });

  function onEnter(event: FormEvent) {
    event.preventDefault();
    const parsed = EnterContingencyBody.safeParse({ model, justification });
    setInvalid(!parsed.success);
    if (parsed.success) change.mutate("enter");
  }

  const id = `contingency-justification-${model}`;
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <h3 className="text-sm font-semibold">
        {t(`model.${model}`)}
        {state.mode && <span className="ml-2 text-xs font-normal text-slate-600">{model === "58" ? t("mode.OFFLINE_MDFE") : t(model === "65" && state.mode === "EPEC" ? "mode.EPEC_NFCE" : `mode.${state.mode}`)}</span>}
      </h3>
      {state.active && state.since ? (
        <>
          <p className="mt-1 text-sm font-medium text-amber-800">
            {t("activeSince", { time: contingencyTime(new Date(state.since), timeZone) })} ({state.automatic ? t("automatic") : t("manual")})
          </p>
          <p className="mt-1 break-words text-xs text-slate-600">{t("reason", { reason: state.reason ?? "" })}</p>
          {canManage && (
            <button type="button" onClick={() => change.mutate("leave")} disabled={change.isPending} className="mt-3 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-60">
              {t("leave")}
            </button>
          )}
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-emerald-800">{t("normal")}</p>
          {canManage && (
            <form onSubmit={onEnter} noValidate className="mt-3 space-y-2">
              <label htmlFor={id} className="block text-sm font-medium text-slate-700">
                {t("justification")}
              </label>
              <textarea
                id={id}
                value={justification}
                onChange={(e) => setJustification(e.target.value)}
                rows={2}
                maxLength={256}
                aria-invalid={invalid}
                aria-describedby={`${id}-hint`}
                className={`block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none ${invalid ? "border-red-500" : "border-slate-300 focus:border-indigo-500"}`}
              />
              <p id={`${id}-hint`} className={`text-xs ${invalid ? "font-medium text-red-700" : "text-slate-500"}`}>
                {invalid ? t("justificationLength") : t("justificationHint")}
              </p>
              <button type="submit" disabled={change.isPending} className={buttonClass("danger")}>
                {t("enter")}
              </button>
            </form>
          )}
        </>
      )}
      {change.error && (
        <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {errorMessage(change.error)}
        </p>
      )}
    </div>
  );
}
