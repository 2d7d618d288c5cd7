"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/dashboard/button-styles";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";
import type { ManifestCandidate } from "@/lib/mdfe/manifest-candidates";

const input = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1";

/**
 * "Incluir NF-e" of a manifest loaded later (inclusão de DF-e, 110115): pick NF-e, optionally where they
 * were loaded, and confirm. The server groups them by unloading municipality and checks every rule
 * (lib/mdfe); the refusal it answers is shown as is.
 */
export function IncludeNfeForm({ api, candidates }: { api: string; candidates: ManifestCandidate[] }) {
  const t = useTranslations("transportManifests.include");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [selected, setSelected] = useState<string[]>([]);
  const [loading, setLoading] = useState({ code: "", name: "" });
  const [confirming, setConfirming] = useState(false);
  const including = useMutation({
    mutationFn: (body: unknown) => apiFetch<unknown>(`${api}/documents`, { method: "POST", body }),
    onSuccess: () => {
      setSelected([]);
      setLoading({ code: "", name: "" });
      router.refresh();
    },
    onSettled: () => setConfirming(false),
  });
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const body = () => ({ documents: selected.map((documentId) => ({ documentId })), ...(loading.code ? { loading: { code: loading.code, name: loading.name.trim() } } : {}) });

  return (
    <form
      aria-label={t("heading")}
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (confirming) including.mutate(body());
        else setConfirming(true);
      }}
    >
      <h2 className="font-semibold">{t("heading")}</h2>
      <p className="text-xs text-slate-500">{t("hint")}</p>
      {candidates.length === 0 ? (
        <p className="text-slate-600">{t("none")}</p>
      ) : (
        <ul className="max-h-64 space-y-1 overflow-y-auto">
          {candidates.map((d) => (
            <li key={d.id}>
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={selected.includes(d.id)} onChange={() => toggle(d.id)} aria-label={t("nfe", { series: d.series ?? 0, number: d.number })} />
                <span>
                  {t("nfe", { series: d.series ?? 0, number: d.number })} — {d.clientName} — {d.municipalityName} ({d.municipalityCode})
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-2 md:grid-cols-3">
        <label className="block">
          <span className="text-slate-600">{t("loadingCode")}</span>
          <input name="includeLoadingCode" inputMode="numeric" maxLength={7} value={loading.code} onChange={(e) => setLoading((l) => ({ ...l, code: e.target.value.replace(/\D/g, "") }))} className={input} />
        </label>
        <label className="block md:col-span-2">
          <span className="text-slate-600">{t("loadingName")}</span>
          <input name="includeLoadingName" value={loading.name} onChange={(e) => setLoading((l) => ({ ...l, name: e.target.value }))} className={input} />
        </label>
      </div>
      <p className="text-xs text-slate-500">{t("loadingHint")}</p>
      {confirming && <p className="text-amber-800">{t("confirm", { count: selected.length })}</p>}
      {including.isError && <p role="alert" className="text-red-700">{errorMessage(including.error)}</p>}
      {including.isSuccess && <p role="status" className="text-emerald-700">{t("done")}</p>}
      <div className="flex gap-2">
        <button type="submit" disabled={including.isPending || selected.length === 0} className={buttonClass("primary")}>
          {including.isPending ? t("sending") : confirming ? t("confirmSubmit") : t("submit")}
        </button>
        {confirming && !including.isPending && (
          <button type="button" onClick={() => setConfirming(false)} className={buttonClass("secondary")}>
            {t("back")}
          </button>
        )}
      </div>
    </form>
  );
}
