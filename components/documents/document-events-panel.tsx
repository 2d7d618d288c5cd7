"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import type { DocumentTimeline as Timeline } from "@/lib/document-events/list-document-timeline";
import { CancelDocumentInput, CorrectionLetterInput, type DeliveryReceiptInput } from "@/lib/document-events/schemas";
import { DeliveryReceiptDialog } from "./delivery-receipt-dialog";
import { DocumentTimeline } from "./document-timeline";
import { TextEventDialog } from "./text-event-dialog";

type Dialog = "cancel" | "correction" | "receipt" | null;

const button = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-50";

/**
 * Self-contained block for the document detail page: downloads, the event
 * buttons the current state allows (cancel, CC-e, delivery receipt), and the
 * timeline of events and background runs. Every rule is enforced by the
 * server; the buttons only hide what would certainly be refused.
 */
/** `canWrite` false (SUPPORT) keeps the downloads and hides the events sent to the authority (lib/auth/roles.ts). */
export function DocumentEventsPanel({ companyId, documentId, status, canWrite = true }: { companyId: string; documentId: string; status?: string; canWrite?: boolean }) {
  const base = `/api/dashboard/companies/${companyId}/documents/${documentId}`;
  const router = useRouter();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The page's status is part of the key: when the page refreshes after an
  // emission outcome, the timeline is fetched again.
  const timeline = useQuery({ queryKey: ["document-timeline", documentId, status], queryFn: () => apiFetch<Timeline>(`${base}/timeline`) });

  const done = (message: string) => {
    setDialog(null);
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: ["document-timeline", documentId] });
    router.refresh();
  };
  const cancel = useMutation({
    mutationFn: (body: CancelDocumentInput) => apiFetch<{ message: string }>(`${base}/cancel`, { method: "POST", body }),
    onSuccess: (result) => done(result.message),
  });
  const correction = useMutation({
    mutationFn: (body: CorrectionLetterInput) => apiFetch<{ sequence: number; protocol: string }>(`${base}/correction-letter`, { method: "POST", body }),
    onSuccess: (result) => done(`Correction letter ${result.sequence} registered, protocol ${result.protocol}`),
  });
  const receipt = useMutation({
    mutationFn: (body: DeliveryReceiptInput) => apiFetch<{ protocol: string }>(`${base}/delivery-receipt`, { method: "POST", body }),
    onSuccess: (result) => done(`Delivery receipt registered, protocol ${result.protocol}`),
  });
  const removeReceipt = useMutation({
    mutationFn: () => apiFetch<{ protocol: string }>(`${base}/delivery-receipt`, { method: "DELETE" }),
    onSuccess: (result) => done(`Delivery receipt cancelled, protocol ${result.protocol}`),
  });

  if (timeline.isPending) return <p className="text-sm text-slate-500">Loading events…</p>;
  if (timeline.isError) return <p role="alert" className="text-sm text-red-700">{errorMessage(timeline.error)}</p>;
  const doc = timeline.data.document;
  const canSendEvents = canWrite && doc.status === "AUTHORIZED";
  const fiscalNote = doc.type === "NFE" || doc.type === "NFCE";

  return (
    <section aria-label="Document events" className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {doc.hasAuthorizedXml && (
          <a className={button} href={`${base}/xml?type=authorized&download=true`}>
            Download XML
          </a>
        )}
        {doc.hasSignedXml && !doc.hasAuthorizedXml && (
          <a className={button} href={`${base}/xml?type=signed&download=true`}>
            Download signed XML
          </a>
        )}
        {doc.hasAuthorizedXml && fiscalNote && (
          <a className={button} href={`${base}/danfe?download=true`}>
            Download DANFE (PDF)
          </a>
        )}
        {canSendEvents && doc.type !== "NFSE" && !doc.deliveryReceiptActive && (
          <button type="button" className={button} onClick={() => setDialog("cancel")}>
            Cancel document
          </button>
        )}
        {canSendEvents && fiscalNote && (
          <button type="button" className={button} onClick={() => setDialog("correction")}>
            Correction letter
          </button>
        )}
        {canSendEvents && doc.type === "NFE" && !doc.deliveryReceiptActive && (
          <button type="button" className={button} onClick={() => setDialog("receipt")}>
            Register delivery receipt
          </button>
        )}
        {canSendEvents && doc.deliveryReceiptActive && (
          <button
            type="button"
            className={button}
            disabled={removeReceipt.isPending}
            onClick={() => window.confirm("Cancel the registered delivery receipt (event 110131)?") && removeReceipt.mutate()}
          >
            {removeReceipt.isPending ? "Cancelling receipt…" : "Cancel delivery receipt"}
          </button>
        )}
      </div>
      {removeReceipt.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(removeReceipt.error)}</p>}
      {notice && <p role="status" className="text-sm text-emerald-700">{notice}</p>}
      {dialog === "cancel" && (
        <TextEventDialog
          title="Cancel document"
          field="justification"
          label="Justification (15 to 255 characters)"
          schema={CancelDocumentInput}
          submitLabel="Cancel document"
          pending={cancel.isPending}
          error={cancel.error}
          onSubmit={(body) => cancel.mutate(body)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === "correction" && (
        <TextEventDialog
          title="Correction letter"
          field="correction"
          label="Correction (15 to 1000 characters; it cannot change values, taxes, parties or dates)"
          schema={CorrectionLetterInput}
          submitLabel="Issue correction letter"
          pending={correction.isPending}
          error={correction.error}
          onSubmit={(body) => correction.mutate(body)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === "receipt" && (
        <DeliveryReceiptDialog pending={receipt.isPending} error={receipt.error} onSubmit={(body) => receipt.mutate(body)} onClose={() => setDialog(null)} />
      )}
      <h2 className="text-base font-semibold">Timeline</h2>
      <DocumentTimeline entries={timeline.data.entries} />
    </section>
  );
}
