"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";
import { ManifestationInput } from "@/lib/received/schemas";
import { buttonClass } from "@/components/dashboard/button-styles";

type ManifestationType = "CIENCIA" | "CONFIRMACAO" | "DESCONHECIMENTO" | "NAO_REALIZADA";

/**
 * The recipient's manifestation: one button per event, each asking for a
 * confirmation first (the justification field for "operação não realizada"),
 * validated with the contract's own schema before it is sent.
 */
export function ManifestationPanel({ companyId, documentId, allowed }: { companyId: string; documentId: string; allowed: ManifestationType[] }) {
  const t = useTranslations("received.manifest");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [chosen, setChosen] = useState<ManifestationType | null>(null);
  const [justification, setJustification] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function submit(type: ManifestationType) {
    const parsed = ManifestationInput.safeParse({ type, ...(type === "NAO_REALIZADA" ? { justification } : {}) });
    if (!parsed.success) return setError(t("justificationRequired"));
    setPending(true);
    setError(null);
    try {
      await apiFetch(`/api/dashboard/companies/${companyId}/received-documents/${documentId}/manifestation`, { method: "POST", body: parsed.data });
      setDone(true);
      setChosen(null);
      router.refresh();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <h2 className="font-semibold">{t("title")}</h2>
      {done && <p role="status" className="text-sm text-emerald-700">{t("done")}</p>}
      {!chosen && (
        <div className="flex flex-wrap gap-2">
          {allowed.map((type) => (
            <button key={type} type="button" onClick={() => { setChosen(type); setError(null); setDone(false); }} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
              {t(type)}
            </button>
          ))}
        </div>
      )}
      {chosen && (
        <form
          role="dialog"
          aria-label={t("confirmTitle", { type: t(chosen) })}
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(chosen);
          }}
        >
          <p className="font-medium">{t("confirmTitle", { type: t(chosen) })}</p>
          <p className="text-sm text-slate-600">{t("confirmText")}</p>
          {chosen === "NAO_REALIZADA" && (
            <label className="block text-sm">
              <span className="text-slate-600">{t("justification")}</span>
              <textarea name="justification" value={justification} onChange={(event) => setJustification(event.target.value)} rows={3} maxLength={255} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1" />
            </label>
          )}
          {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
          <div className="flex gap-2">
            <button type="submit" disabled={pending} className={buttonClass("primary")}>
              {pending ? t("sending") : t("confirm")}
            </button>
            <button type="button" onClick={() => setChosen(null)} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm">
              {t("cancel")}
            </button>
          </div>
        </form>
      )}
      {!chosen && error && <p role="alert" className="text-sm text-red-700">{error}</p>}
    </section>
  );
}
