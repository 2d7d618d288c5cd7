"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/dashboard/button-styles";
import Link from "@/components/dashboard/link";
import { formatMoney } from "@/components/dashboard/documents/money";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";
import type { SubstituteDocumentInput } from "@/lib/document-events/substitution-contract";
import type { SubstitutionOffer } from "@/lib/document-events/substitution-offer";
import { SUBSTITUTION_REASON_CODES, type SubstitutionReasonCode } from "@/lib/fiscal/nfse-abrasf/substitution-reasons";

/**
 * "Substituir NFS-e" on an authorized NFS-e of an ABRASF city (issue 57): pick the company's draft or
 * rejected NFS-e that replaces it and the reason, confirm, and POST …/substitute. What may be offered
 * comes from lib/document-events/substitution-offer.ts; the server checks it all again.
 */
export function SubstituteNfseAction({ companyId, documentId, nfseNumber, offer }: { companyId: string; documentId: string; nfseNumber: string | null; offer: SubstitutionOffer }) {
  const t = useTranslations("nfseSubstitution");
  const reasons = useTranslations("documentEvents");
  const status = useTranslations("enums.documentStatus");
  const close = useTranslations("common")("close");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const candidates = offer.available ? offer.candidates : [];
  const [replacementId, setReplacementId] = useState(candidates[0]?.id ?? "");
  const [reason, setReason] = useState<SubstitutionReasonCode>("1");
  const substitute = useMutation({
    mutationFn: (body: SubstituteDocumentInput) => apiFetch<{ documentId: string; status: string }>(`/api/dashboard/companies/${companyId}/documents/${documentId}/substitute`, { method: "POST", body }),
    onSuccess: () => {
      setOpen(false);
      setConfirming(false);
      router.refresh();
    },
  });

  // Checked first: after the page's refresh the offer is "replacement in progress", and the result stays.
  const done = substitute.data;
  if (done) {
    return (
      <p role="status" className="text-sm text-emerald-700" data-testid="substitution-queued">
        {t("queued")}{" "}
        <Link href={`/dashboard/c/${companyId}/documents/${done.documentId}`} className="text-indigo-700 hover:underline">{t("followReplacement")}</Link>
      </p>
    );
  }
  if (!offer.available) {
    if (offer.reason === "replacement_in_progress") return null;
    return <p className="text-sm text-slate-500" data-testid="substitution-unavailable">{t("unavailableSignature", { provider: offer.providerName })}</p>;
  }
  const newHref = `/dashboard/c/${companyId}/documents/new`;
  if (!open) {
    return <button type="button" className={buttonClass("secondary")} onClick={() => setOpen(true)} data-testid="substitute-nfse">{t("action")}</button>;
  }
  const chosen = candidates.find((candidate) => candidate.id === replacementId);
  return (
    <form
      role="dialog"
      aria-label={t("title")}
      className="w-full space-y-2 rounded-lg border border-slate-300 bg-white p-3 text-sm shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return;
        if (!confirming) return setConfirming(true);
        substitute.mutate({ replacementId: chosen.id, nfseReasonCode: reason });
      }}
    >
      <h3 className="font-semibold">{t("title")}</h3>
      <p className="text-slate-600">{t("explanation", { provider: offer.providerName })}</p>
      {candidates.length === 0 ? (
        <p className="text-slate-600" data-testid="substitution-no-candidates">
          {t("noCandidates")} <Link href={newHref} className="text-indigo-700 hover:underline">{t("createReplacement")}</Link>
        </p>
      ) : (
        <>
          <label className="block">
            <span className="text-slate-600">{t("replacement")}</span>
            <select name="replacementId" value={replacementId} disabled={confirming} onChange={(event) => setReplacementId(event.target.value)} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1">
              {candidates.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {t("candidate", { number: candidate.number, client: candidate.clientName || "—", total: formatMoney(candidate.totalValue), status: status(candidate.status) })}
                </option>
              ))}
            </select>
          </label>
          <label className="block">
            <span className="text-slate-600">{t("reason")}</span>
            <select name="nfseReasonCode" value={reason} disabled={confirming} onChange={(event) => setReason(event.target.value as SubstitutionReasonCode)} className="mt-1 block rounded-md border border-slate-300 px-2 py-1">
              {SUBSTITUTION_REASON_CODES.map((code) => (
                <option key={code} value={code}>{reasons(`nfseReasons.${code}`)}</option>
              ))}
            </select>
          </label>
        </>
      )}
      {confirming && chosen && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900" data-testid="substitution-confirm">
          {t("confirm", { original: nfseNumber ?? "—", replacement: chosen.number })}
        </p>
      )}
      {substitute.isError && <p role="alert" className="text-red-700">{errorMessage(substitute.error)}</p>}
      <div className="flex gap-2">
        {candidates.length > 0 && (
          <button type="submit" disabled={substitute.isPending || !chosen} className={buttonClass(confirming ? "danger" : "primary")}>
            {substitute.isPending ? t("sending") : confirming ? t("confirmAction") : t("continue")}
          </button>
        )}
        <button type="button" onClick={() => (confirming ? setConfirming(false) : setOpen(false))} className={buttonClass("secondary")}>
          {confirming ? t("back") : close}
        </button>
      </div>
    </form>
  );
}
