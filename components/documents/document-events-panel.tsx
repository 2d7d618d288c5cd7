"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";
import type { DocumentTimeline as Timeline } from "@/lib/document-events/list-document-timeline";
import { CancelDocumentInput, CorrectionLetterInput, type DeliveryReceiptInput } from "@/lib/document-events/schemas";
import { CANCELLATION_REASON_CODES, DEFAULT_CANCELLATION_REASON } from "@/lib/fiscal/nfse/cancellation-reasons";
import { DeliveryReceiptDialog } from "./delivery-receipt-dialog";
import { DocumentTimeline } from "./document-timeline";
import { TextEventDialog } from "./text-event-dialog";

type Dialog = "cancel" | "correction" | "receipt" | null;

const button = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-50";

/**
 * Self-contained block for the document detail page: downloads, the event
 * buttons the current state allows (cancel, CC-e, delivery receipt), and the
 * timeline of events and background runs. Every rule is enforced by the
 * server; the buttons only hide what would certainly be refused. `status` is
 * the page's: buttons follow it, and when the timeline has seen a newer status
 * the page is refreshed, so badge, banner, buttons and timeline agree.
 */
/** `canWrite` false (SUPPORT) keeps the downloads and hides the events sent to the authority (lib/auth/roles.ts). */
export function DocumentEventsPanel({ companyId, documentId, status, canWrite = true }: { companyId: string; documentId: string; status: string; canWrite?: boolean }) {
  const t = useTranslations("documentEvents");
  const errorMessage = useErrorMessage();
  const base = `/api/dashboard/companies/${companyId}/documents/${documentId}`;
  const router = useRouter();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The page's status is part of the key: when the page refreshes after an
  // emission outcome, the timeline is fetched again.
  const timeline = useQuery({ queryKey: ["document-timeline", documentId, status], queryFn: () => apiFetch<Timeline>(`${base}/timeline`) });
  const timelineStatus = timeline.data?.document.status;
  useEffect(() => {
    if (timelineStatus && timelineStatus !== status) router.refresh();
  }, [timelineStatus, status, router]);

  const done = (message: string) => {
    setDialog(null);
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: ["document-timeline", documentId] });
    router.refresh();
  };
  const cancel = useMutation({
    mutationFn: (body: CancelDocumentInput) => apiFetch(`${base}/cancel`, { method: "POST", body }),
    // The answer's message is the API's (English); the protocol shows in the timeline.
    onSuccess: () => done(t("cancelled")),
  });
  const correction = useMutation({
    mutationFn: (body: CorrectionLetterInput) => apiFetch<{ sequence: number; protocol: string }>(`${base}/correction-letter`, { method: "POST", body }),
    onSuccess: (result) => done(t("correctionRegistered", { sequence: result.sequence, protocol: result.protocol })),
  });
  const receipt = useMutation({
    mutationFn: (body: DeliveryReceiptInput) => apiFetch<{ protocol: string }>(`${base}/delivery-receipt`, { method: "POST", body }),
    onSuccess: (result) => done(t("receiptRegistered", { protocol: result.protocol })),
  });
  // "Consultar na SEFAZ": the document brought in line with the authority (POST …/sync).
  const sync = useMutation({
    mutationFn: () => apiFetch<{ changed: boolean; changes: unknown[]; status: string }>(`${base}/sync`, { method: "POST" }),
    onSuccess: (result) => done(result.changed ? t("syncChanged", { count: result.changes.length }) : t("syncInLine")),
  });
  const removeReceipt = useMutation({
    mutationFn: () => apiFetch<{ protocol: string }>(`${base}/delivery-receipt`, { method: "DELETE" }),
    onSuccess: (result) => done(t("receiptCancelled", { protocol: result.protocol })),
  });

  if (timeline.isPending) return <p className="text-sm text-slate-500">{t("loading")}</p>;
  if (timeline.isError) return <p role="alert" className="text-sm text-red-700">{errorMessage(timeline.error)}</p>;
  const doc = timeline.data.document;
  // Events go to the authority only from ADMIN and ACCOUNTANT, on an authorized document.
  const authorized = canWrite && status === "AUTHORIZED";
  const fiscalNote = doc.type === "NFE" || doc.type === "NFCE";
  // Until the page catches up with a newer status, the timeline would contradict it.
  const consistent = doc.status === status;
  const cancellation = timeline.data.entries.find((entry) => entry.type === "event" && entry.event.kind === "CANCELLATION" && entry.event.outcome === "AUTHORIZED");

  return (
    <section aria-label={t("title")} className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {consistent && doc.hasAuthorizedXml && <a className={button} href={`${base}/xml?type=authorized&download=true`}>{t("downloadXml")}</a>}
        {consistent && doc.hasSignedXml && !doc.hasAuthorizedXml && <a className={button} href={`${base}/xml?type=signed&download=true`}>{t("downloadSignedXml")}</a>}
        {/* A denied nfeProc is kept and downloadable, but a denial has no DANFE. */}
        {consistent && doc.hasAuthorizedXml && status !== "DENIED" && <a className={button} href={`${base}/danfe?download=true`}>{doc.type === "NFSE" ? t("downloadDanfse") : t("downloadDanfe")}</a>}
        {/* The complete DANFE NFC-e whatever the company's layout (the consumer of a summary one may ask for it: docs/api-notes/branding.md). */}
        {consistent && doc.hasAuthorizedXml && doc.type === "NFCE" && status !== "DENIED" && <a className={button} href={`${base}/danfe?download=true&nfceLayout=full`} data-testid="danfe-nfce-full">{t("downloadDanfeNfceFull")}</a>}
        {consistent && cancellation?.type === "event" && (
          <a className={button} href={`${base}/events/${cancellation.event.id}/xml?download=true`} data-testid="cancellation-xml">{t("downloadCancellationXml")}</a>
        )}
        {/* ?preview=true: an unofficial DANFE (DANFSe for an NFS-e) of a draft or rejected note, as emission would build it. */}
        {(status === "DRAFT" || status === "REJECTED") && (
          <a className={button} href={`${base}/danfe?preview=true`} target="_blank" rel="noopener" data-testid="preview-danfe">{t(fiscalNote ? "previewDanfe" : "previewDanfse")}</a>
        )}
        {consistent && canWrite && fiscalNote && doc.hasSignedXml && (
          <button type="button" className={button} disabled={sync.isPending} onClick={() => sync.mutate()} data-testid="sync-document">
            {sync.isPending ? t("syncing") : t("syncDocument")}
          </button>
        )}
        {consistent && authorized && !doc.deliveryReceiptActive && <button type="button" className={button} onClick={() => setDialog("cancel")}>{t("cancelDocument")}</button>}
        {consistent && authorized && fiscalNote && <button type="button" className={button} onClick={() => setDialog("correction")}>{t("correctionLetter")}</button>}
        {consistent && authorized && doc.type === "NFE" && !doc.deliveryReceiptActive && <button type="button" className={button} onClick={() => setDialog("receipt")}>{t("registerReceipt")}</button>}
        {consistent && authorized && doc.deliveryReceiptActive && (
          <button type="button" className={button} disabled={removeReceipt.isPending} onClick={() => window.confirm(t("confirmCancelReceipt")) && removeReceipt.mutate()}>
            {removeReceipt.isPending ? t("cancellingReceipt") : t("cancelReceipt")}
          </button>
        )}
      </div>
      {removeReceipt.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(removeReceipt.error)}</p>}
      {sync.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(sync.error)}</p>}
      {notice && <p role="status" className="text-sm text-emerald-700">{notice}</p>}
      {dialog === "cancel" && (
        <TextEventDialog title={t("cancelDocument")} field="justification" label={t("cancelJustification")} schema={CancelDocumentInput} submitLabel={t("cancelDocument")} danger
          pending={cancel.isPending} error={cancel.error} onSubmit={(body) => cancel.mutate(body)} onClose={() => setDialog(null)}
          choice={doc.type === "NFSE" ? { field: "nfseReasonCode", label: t("nfseReason"), options: CANCELLATION_REASON_CODES.map((code) => ({ value: code, label: t(`nfseReasons.${code}`) })), initial: DEFAULT_CANCELLATION_REASON } : undefined} />
      )}
      {dialog === "correction" && (
        <TextEventDialog title={t("correctionLetter")} field="correction" label={t("correctionText")} schema={CorrectionLetterInput} submitLabel={t("issueCorrection")}
          pending={correction.isPending} error={correction.error} onSubmit={(body) => correction.mutate(body)} onClose={() => setDialog(null)} />
      )}
      {dialog === "receipt" && <DeliveryReceiptDialog pending={receipt.isPending} error={receipt.error} onSubmit={(body) => receipt.mutate(body)} onClose={() => setDialog(null)} />}
      <h2 className="text-base font-semibold">{t("timeline.title")}</h2>
      {consistent ? <DocumentTimeline entries={timeline.data.entries} eventsBase={`${base}/events`} /> : <p className="text-sm text-slate-500">{t("loading")}</p>}
    </section>
  );
}
