"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { buttonClass } from "@/components/dashboard/button-styles";
import { DateInput } from "@/components/dashboard/date-input";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";

const input = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1";

/** Posts one event of an open MDF-e to the dashboard route and refreshes the page; the rules are lib/mdfe's (the answer's error is shown). */
function useEvent(url: string, onDone: () => void) {
  const router = useRouter();
  return useMutation({
    mutationFn: (body: unknown) => apiFetch<unknown>(url, { method: "POST", body }),
    onSuccess: () => {
      onDone();
      router.refresh();
    },
  });
}

function EventForm({ label, children, mutation, submit, sending, done, onSubmit }: {
  label: string; children: ReactNode; mutation: ReturnType<typeof useEvent>; submit: string; sending: string; done: string; onSubmit: () => void;
}) {
  const errorMessage = useErrorMessage();
  return (
    <form
      aria-label={label}
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h2 className="font-semibold">{label}</h2>
      {children}
      {mutation.isError && <p role="alert" className="text-red-700">{errorMessage(mutation.error)}</p>}
      {mutation.isSuccess && <p role="status" className="text-emerald-700">{done}</p>}
      <button type="submit" disabled={mutation.isPending} className={buttonClass("primary")}>
        {mutation.isPending ? sending : submit}
      </button>
    </form>
  );
}

/** Close (municipality IBGE code and date), cancel (justification) and add a driver (name and CPF). */
export function ManifestActions({ api }: { api: string }) {
  const t = useTranslations("transportManifests");
  const [close, setClose] = useState({ municipalityCode: "", closedOn: "" });
  const [justification, setJustification] = useState("");
  const [driver, setDriver] = useState({ name: "", cpf: "" });
  const closing = useEvent(`${api}/close`, () => setClose({ municipalityCode: "", closedOn: "" }));
  const cancelling = useEvent(`${api}/cancel`, () => setJustification(""));
  const adding = useEvent(`${api}/drivers`, () => setDriver({ name: "", cpf: "" }));

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <EventForm
        label={t("close.heading")}
        mutation={closing}
        submit={t("close.submit")}
        sending={t("close.sending")}
        done={t("close.done")}
        onSubmit={() => closing.mutate({ ...(close.municipalityCode.trim() ? { municipalityCode: close.municipalityCode.trim() } : {}), ...(close.closedOn ? { closedOn: close.closedOn } : {}) })}
      >
        <label className="block">
          <span className="text-slate-600">{t("close.municipalityCode")}</span>
          <input name="municipalityCode" inputMode="numeric" value={close.municipalityCode} onChange={(e) => setClose((c) => ({ ...c, municipalityCode: e.target.value }))} className={input} />
        </label>
        <label className="block">
          <span className="text-slate-600">{t("close.closedOn")}</span>
          <DateInput name="closedOn" value={close.closedOn} onChange={(iso) => setClose((c) => ({ ...c, closedOn: iso }))} className={input} />
        </label>
        <p className="text-xs text-slate-500">{t("close.hint")}</p>
      </EventForm>
      <EventForm
        label={t("driver.heading")}
        mutation={adding}
        submit={t("driver.submit")}
        sending={t("driver.sending")}
        done={t("driver.done")}
        onSubmit={() => adding.mutate({ name: driver.name, cpf: driver.cpf })}
      >
        <label className="block">
          <span className="text-slate-600">{t("driver.name")}</span>
          <input name="driverName" value={driver.name} onChange={(e) => setDriver((d) => ({ ...d, name: e.target.value }))} className={input} />
        </label>
        <label className="block">
          <span className="text-slate-600">{t("driver.cpf")}</span>
          <input name="driverCpf" inputMode="numeric" value={driver.cpf} onChange={(e) => setDriver((d) => ({ ...d, cpf: e.target.value }))} className={input} />
        </label>
      </EventForm>
      <EventForm
        label={t("cancel.heading")}
        mutation={cancelling}
        submit={t("cancel.submit")}
        sending={t("cancel.sending")}
        done={t("cancel.done")}
        onSubmit={() => cancelling.mutate({ justification })}
      >
        <label className="block">
          <span className="text-slate-600">{t("cancel.justification")}</span>
          <textarea name="justification" rows={3} value={justification} onChange={(e) => setJustification(e.target.value)} className={input} />
        </label>
      </EventForm>
    </div>
  );
}
