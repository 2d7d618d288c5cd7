"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTimeZone, useTranslations } from "next-intl";
import { useState } from "react";
import { DateInput } from "@/components/dashboard/date-input";
import { TABLE_SCROLL_BOX, WIDE_TABLE } from "@/components/dashboard/table-styles";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";
import { AcquirerReformEventInput, IssuerReformEventInput, type ReformEvent } from "@/lib/document-events/reform-event-schemas";
import { formatDateTime } from "../format";
import { buildReformEventBody, EMPTY_FIELDS, FIELDS_BY_TYPE, type ReformEventFields } from "./reform-event-form";
import { buttonClass } from "@/components/dashboard/button-styles";

const ISSUER_TYPES = ["112110", "112120", "112130", "112140", "112150"] as const;
const ACQUIRER_TYPES = ["211110", "211120", "211124", "211128", "211130", "211140", "211150", "212110", "212120"] as const;
type TypeCode = (typeof ISSUER_TYPES)[number] | (typeof ACQUIRER_TYPES)[number];

/**
 * The "Eventos IBS/CBS" section of an issued NF-e (side "issued": the issuer's events) or of a
 * received one (side "received": the recipient's): both parties' events, their XML, the
 * form of each event (NT 2025.002-RTC, item 8) checked with the API's own schema, and the
 * cancellation (110001) of the company's own events.
 */
export function ReformEventsPanel({ companyId, documentId, side, canWrite }: { companyId: string; documentId: string; side: "issued" | "received"; canWrite: boolean }) {
  const t = useTranslations("reformEvents");
  const errorMessage = useErrorMessage();
  const timeZone = useTimeZone();
  const queryClient = useQueryClient();
  const base = `/api/dashboard/companies/${encodeURIComponent(companyId)}/${side === "issued" ? "documents" : "received-documents"}/${encodeURIComponent(documentId)}/events`;
  const ownAuthor = side === "issued" ? "ISSUER" : "RECIPIENT";
  const types: readonly TypeCode[] = side === "issued" ? ISSUER_TYPES : ACQUIRER_TYPES;
  const [type, setType] = useState<TypeCode>(types[0]!);
  const [fields, setFields] = useState<ReformEventFields>(EMPTY_FIELDS);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [cancelling, setCancelling] = useState<ReformEvent | null>(null);
  const [justification, setJustification] = useState("");

  const events = useQuery({ queryKey: [base], queryFn: () => apiFetch<{ data: ReformEvent[] }>(base) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [base] });
  const register = useMutation({
    mutationFn: (body: unknown) => apiFetch<ReformEvent>(base, { method: "POST", body }),
    onSuccess: () => {
      setDone(true);
      setFields(EMPTY_FIELDS);
      void refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: (event: ReformEvent) => apiFetch<ReformEvent>(`${base}/${encodeURIComponent(event.id)}`, { method: "DELETE", body: { justification } }),
    onSuccess: () => {
      setCancelling(null);
      setJustification("");
      void refresh();
    },
  });

  function submit() {
    setDone(false);
    const schema = side === "issued" ? IssuerReformEventInput : AcquirerReformEventInput;
    const parsed = schema.safeParse(buildReformEventBody(type, fields));
    if (!parsed.success) return setFormError(t("invalid", { message: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") }));
    setFormError(null);
    register.mutate(parsed.data);
  }

  const xmlHref = (event: ReformEvent) =>
    side === "issued"
      ? `/api/dashboard/companies/${encodeURIComponent(companyId)}/documents/${encodeURIComponent(documentId)}/events/${encodeURIComponent(event.id)}/xml?download=true`
      : `${base}/${encodeURIComponent(event.id)}/xml?download=true`;
  const typeLabel = (code: string) => `${code} – ${t.has(`types.${code}` as "types.112110") ? t(`types.${code}` as "types.112110") : code}`;
  const inputClass = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1";
  // A date is typed dd/mm/aaaa (DateInput), not a native date input in the browser's language (issue 54 item 6).
  const input = (name: keyof ReformEventFields, kind: "text" | "date" = "text") => (
    <label key={name} className="block text-sm">
      <span className="text-slate-600">{t(`fields.${name}`)}</span>
      {kind === "date" ? (
        <DateInput name={name} value={String(fields[name])} onChange={(iso) => setFields({ ...fields, [name]: iso })} className={inputClass} />
      ) : (
        <input type="text" name={name} value={String(fields[name])} onChange={(e) => setFields({ ...fields, [name]: e.target.value })} className={inputClass} />
      )}
    </label>
  );

  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <h2 className="font-semibold">{t("title")}</h2>
      {events.isPending && <p className="text-sm text-slate-600">{t("loading")}</p>}
      {events.isError && <p role="alert" className="text-sm text-red-700">{t("loadError")}</p>}
      {events.data && events.data.data.length === 0 && <p className="text-sm text-slate-600">{t("empty")}</p>}
      {events.data && events.data.data.length > 0 && (
        <div className={TABLE_SCROLL_BOX}>
        <table className={`${WIDE_TABLE} [&_td]:px-2 [&_td]:py-1.5 [&_th]:px-2 [&_th]:py-1.5 [&_th]:font-medium`}>
          <thead className="bg-slate-50">
            <tr className="text-slate-600">
              <th>{t("columns.event")}</th>
              <th>{t("columns.author")}</th>
              <th>{t("columns.sequence")}</th>
              <th>{t("columns.status")}</th>
              <th>{t("columns.protocol")}</th>
              <th>{t("columns.registeredAt")}</th>
              <th>{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {events.data.data.map((event) => (
              <tr key={event.id} className="border-t border-slate-100">
                <td>{typeLabel(event.type)}</td>
                <td>{t(`authors.${event.author}`)}</td>
                <td>{event.sequence}</td>
                <td>{t(`statuses.${event.status}`)}</td>
                <td className="font-mono">{event.protocol ?? "—"}</td>
                <td className="whitespace-nowrap">{event.registeredAt ? formatDateTime(event.registeredAt, timeZone) : "—"}</td>
                <td className="space-x-2 whitespace-nowrap">
                  <a href={xmlHref(event)} className="text-sky-700 underline">{t("xml")}</a>
                  {canWrite && event.author === ownAuthor && event.status === "REGISTERED" && event.type !== "110001" && (
                    <button type="button" onClick={() => setCancelling(event)} className="text-rose-700 underline">{t("cancel")}</button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}

      {cancelling && (
        <form role="dialog" aria-label={t("cancelTitle", { type: cancelling.type })} className="space-y-2 rounded-md bg-slate-50 p-2" onSubmit={(e) => { e.preventDefault(); cancel.mutate(cancelling); }}>
          <p className="font-medium">{t("cancelTitle", { type: cancelling.type })}</p>
          <label className="block text-sm">
            <span className="text-slate-600">{t("justification")}</span>
            <textarea value={justification} onChange={(e) => setJustification(e.target.value)} rows={2} maxLength={255} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1" />
          </label>
          {cancel.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(cancel.error)}</p>}
          <div className="flex gap-2">
            <button type="submit" disabled={cancel.isPending} className={buttonClass("danger")}>{cancel.isPending ? t("sending") : t("confirmCancel")}</button>
            <button type="button" onClick={() => setCancelling(null)} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm">{t("close")}</button>
          </div>
        </form>
      )}

      {canWrite ? (
        <form className="space-y-2 border-t border-slate-100 pt-2" onSubmit={(e) => { e.preventDefault(); submit(); }}>
          <p className="font-medium">{t("register")}</p>
          <label className="block text-sm">
            <span className="text-slate-600">{t("chooseType")}</span>
            <select value={type} onChange={(e) => { setType(e.target.value as TypeCode); setFormError(null); setDone(false); }} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1">
              {types.map((code) => <option key={code} value={code}>{typeLabel(code)}</option>)}
            </select>
          </label>
          <div className="grid grid-cols-2 gap-2 md:grid-cols-3">
            {(FIELDS_BY_TYPE[type] ?? []).map((name) =>
              name === "accepted" ? (
                <label key={name} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={fields.accepted} onChange={(e) => setFields({ ...fields, accepted: e.target.checked })} />
                  {t("fields.accepted")}
                </label>
              ) : (
                input(name, name === "expectedDeliveryDate" ? "date" : "text")
              ),
            )}
          </div>
          {formError && <p role="alert" className="text-sm text-red-700">{formError}</p>}
          {register.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(register.error)}</p>}
          {done && <p role="status" className="text-sm text-emerald-700">{t("done")}</p>}
          <button type="submit" disabled={register.isPending} className={buttonClass("primary")}>{register.isPending ? t("sending") : t("send")}</button>
        </form>
      ) : (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("readOnly")}</p>
      )}
    </section>
  );
}
