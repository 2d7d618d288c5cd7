"use client";

import { useTimeZone, useTranslations } from "next-intl";
import { DateInput } from "@/components/dashboard/date-input";
import { FileInput } from "@/components/dashboard/file-input";
import { DEFAULT_TIME_ZONE } from "@/components/dashboard/format";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useIssueMessage } from "@/components/i18n/use-issue-message";
import { zonedLocalToIso } from "@/lib/br/date-input";
import { maskCpfCnpj } from "@/lib/br/masks";
import { DeliveryReceiptInput, PROOF_CONTENT_TYPES } from "@/lib/document-events/schemas";
import { readFileAsBase64 } from "./read-file-base64";
import { buttonClass } from "@/components/dashboard/button-styles";

/** Delivery receipt form: when, who received it, and the proof file (sent as base64). */
export function DeliveryReceiptDialog(props: { pending: boolean; error: unknown; onSubmit: (body: DeliveryReceiptInput) => void; onClose: () => void }) {
  const t = useTranslations("documentEvents.receipt");
  const close = useTranslations("common")("close");
  const sending = useTranslations("documentEvents")("sending");
  const errorMessage = useErrorMessage();
  const timeZone = useTimeZone() ?? DEFAULT_TIME_ZONE;
  const issueMessage = useIssueMessage();
  const [deliveredAt, setDeliveredAt] = useState("");
  const [receiverName, setReceiverName] = useState("");
  const [receiverDocument, setReceiverDocument] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);

  async function submit() {
    if (!file) return setInvalid(t("chooseFile"));
    if (!deliveredAt) return setInvalid(t("informDate"));
    const parsed = DeliveryReceiptInput.safeParse({
      deliveredAt: zonedLocalToIso(deliveredAt, timeZone),
      receiverName,
      receiverDocument: receiverDocument.replace(/[^0-9A-Za-z]/g, ""),
      proof: { contentType: file.type, base64: await readFileAsBase64(file) },
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setInvalid(issue ? `${issue.path.join(".")}: ${issueMessage(issue)}` : t("invalidData"));
    }
    setInvalid(null);
    props.onSubmit(parsed.data);
  }

  const input = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1";
  return (
    <form
      role="dialog"
      aria-label={t("title")}
      className="space-y-2 rounded-lg border border-slate-300 bg-white p-3 text-sm shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="font-semibold">{t("title")}</h3>
      <div className="grid gap-2 md:grid-cols-3">
        <label>
          <span className="text-slate-600">{t("deliveredAt")}</span>
          <DateInput withTime name="deliveredAt" value={deliveredAt} onChange={setDeliveredAt} className={input} />
        </label>
        <label>
          <span className="text-slate-600">{t("receiverName")}</span>
          <input name="receiverName" value={receiverName} onChange={(e) => setReceiverName(e.target.value)} className={input} />
        </label>
        <label>
          <span className="text-slate-600">{t("receiverDocument")}</span>
          <input name="receiverDocument" value={receiverDocument} autoCapitalize="characters" onChange={(e) => setReceiverDocument(maskCpfCnpj(e.target.value))} className={input} />
        </label>
      </div>
      <div>
        <label htmlFor="receipt-proof" className="text-slate-600">{t("proof")}</label>
        <FileInput id="receipt-proof" name="proof" accept={PROOF_CONTENT_TYPES.join(",")} file={file} onChange={setFile} />
      </div>
      {(invalid !== null || props.error != null) && (
        <p role="alert" className="text-red-700">
          {invalid ?? errorMessage(props.error)}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={props.pending} className={buttonClass("primary")}>
          {props.pending ? sending : t("submit")}
        </button>
        <button type="button" onClick={props.onClose} className="rounded-md border border-slate-300 px-3 py-1.5">
          {close}
        </button>
      </div>
    </form>
  );
}
