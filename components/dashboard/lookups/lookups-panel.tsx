"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "@/components/dashboard/link";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { AccessKey } from "@/components/dashboard/access-key";
import { buttonClass } from "@/components/dashboard/button-styles";
import { formatAccessKey, formatCnpj, formatDate, formatDateTime } from "@/components/dashboard/format";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { STATE_CODES } from "@/lib/br/states";
import { ApiError, apiFetch } from "@/lib/client/api-fetch";
import type { NfeLookupResponse, TaxpayerLookupResponse } from "@/lib/lookups/schemas";
import { formatCnae, formatRegistrationAddress, normalizeAccessKeyInput, normalizeDocumentInput } from "./lookup-format";

// "Consultas" (issue 56 item 6): the state's taxpayer registry (CCC) and any NF-e by its key,
// through /api/dashboard/companies/{id}/lookups/… (the /v1/lookups answers). Nothing is decided
// here: the page shows what the registry and the authority answered.

const input = "w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";
const th = "px-3 py-2 font-medium";
const td = "px-3 py-2";

type LookupKind = "taxpayer" | "nfe";

/** The refusals of a lookup in the user's language: the three the page expects by name, the rest from the catalogue. */
function useLookupError() {
  const t = useTranslations("lookups.errors");
  const errorMessage = useErrorMessage();
  return useCallback(
    (error: unknown, kind: LookupKind, state?: string) => {
      if (error instanceof ApiError) {
        if (error.code === "taxpayer_lookup_unavailable") return t("taxpayerLookupUnavailable", { state: state ?? "" });
        if (error.statusCode === 429) return error.retryAfterSeconds !== undefined ? t("rateLimited", { seconds: error.retryAfterSeconds }) : t("rateLimitedLater");
        if (error.statusCode === 503) return t("authorityUnavailable");
        if (error.code === "validation_error") return kind === "taxpayer" ? t("invalidDocument") : t("invalidKey");
      }
      return errorMessage(error);
    },
    [t, errorMessage],
  );
}

export function LookupsPanel({ companyId, defaultState, timeZone }: { companyId: string; defaultState: string; timeZone: string }) {
  return (
    <div className="space-y-6">
      <TaxpayerLookup companyId={companyId} defaultState={defaultState} timeZone={timeZone} />
      <NfeLookup companyId={companyId} timeZone={timeZone} />
    </div>
  );
}

function TaxpayerLookup({ companyId, defaultState, timeZone }: { companyId: string; defaultState: string; timeZone: string }) {
  const t = useTranslations("lookups.taxpayer");
  const lookupError = useLookupError();
  const [document, setDocument] = useState("");
  const [state, setState] = useState(defaultState);
  const lookup = useMutation({
    mutationFn: (asked: { document: string; state: string; refresh: boolean }) => {
      const query = new URLSearchParams({ document: asked.document, state: asked.state, ...(asked.refresh ? { refresh: "true" } : {}) });
      return apiFetch<TaxpayerLookupResponse>(`/api/dashboard/companies/${companyId}/lookups/taxpayers?${query.toString()}`);
    },
  });
  const answer = lookup.data;
  return (
    <section aria-labelledby="taxpayer-lookup-title" className="space-y-3">
      <h2 id="taxpayer-lookup-title" className="text-lg font-semibold">{t("title")}</h2>
      <p className="text-sm text-slate-600">{t("intro")}</p>
      <form
        aria-label={t("title")}
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          if (document) lookup.mutate({ document, state, refresh: false });
        }}
      >
        <div className="min-w-56 flex-1">
          <label htmlFor="lookup-document" className="block font-medium">{t("document")}</label>
          <input id="lookup-document" className={`${input} font-mono`} inputMode="text" autoComplete="off" value={document} onChange={(event) => setDocument(normalizeDocumentInput(event.target.value))} aria-describedby="lookup-document-hint" />
          <p id="lookup-document-hint" className="mt-1 text-xs text-slate-500">{t("documentHint")}</p>
        </div>
        <div className="self-start">
          <label htmlFor="lookup-state" className="block font-medium">{t("state")}</label>
          <select id="lookup-state" className={input} value={state} onChange={(event) => setState(event.target.value)}>
            {[...STATE_CODES].sort().map((uf) => (
              <option key={uf} value={uf}>{uf}</option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={!document || lookup.isPending} className={`${buttonClass("primary")} self-start mt-5`}>
          {lookup.isPending ? t("sending") : t("submit")}
        </button>
      </form>
      {lookup.isError && <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{lookupError(lookup.error, "taxpayer", lookup.variables?.state)}</p>}
      {answer && !lookup.isError && (
        <div className="space-y-3" data-testid="taxpayer-answer">
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <span>
              {t("answeredAt", { document: formatCnpj(answer.document), state: answer.state, time: formatDateTime(answer.consultedAt, timeZone) })}{" "}
              {answer.cached ? t("cached", { expires: formatDateTime(answer.expiresAt, timeZone) }) : t("fresh")}
            </span>
            <button type="button" disabled={lookup.isPending} className={buttonClass("secondary", "sm")} onClick={() => lookup.mutate({ document: answer.document, state: answer.state, refresh: true })}>
              {t("refresh")}
            </button>
          </div>
          {answer.registrations.length === 0 ? (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{t("notRegistered", { state: answer.state, cStat: answer.authority.cStat, reason: answer.authority.reason })}</p>
          ) : (
            <ul className="space-y-3">
              {answer.registrations.map((registration) => {
                const active = registration.situation === "ACTIVE";
                return (
                  <li key={`${registration.state}-${registration.stateRegistration}`} className={`rounded-lg border bg-white p-3 text-sm ${active ? "border-emerald-300" : "border-red-300"}`}>
                    <div className="flex flex-wrap items-center gap-2">
                      <span className={`rounded px-2 py-0.5 text-xs font-semibold ${active ? "bg-emerald-100 text-emerald-800" : "bg-red-100 text-red-800"}`} data-testid="registration-situation">
                        {t(`situation.${registration.situation}`)}
                      </span>
                      <span className="font-semibold">{registration.name}</span>
                      {registration.situationDate && <span className="text-slate-500">{t("since", { date: formatDate(registration.situationDate) })}</span>}
                    </div>
                    <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
                      <dt className="text-slate-500">{t("fields.stateRegistration")}</dt>
                      <dd className="font-mono">{registration.stateRegistration} ({registration.state})</dd>
                      <dt className="text-slate-500">{t("fields.document")}</dt>
                      <dd className="font-mono">{formatCnpj(registration.cnpj ?? registration.cpf ?? "")}</dd>
                      {registration.tradeName && (
                        <>
                          <dt className="text-slate-500">{t("fields.tradeName")}</dt>
                          <dd>{registration.tradeName}</dd>
                        </>
                      )}
                      <dt className="text-slate-500">{t("fields.taxRegime")}</dt>
                      <dd>{registration.taxRegime ?? "—"}</dd>
                      <dt className="text-slate-500">{t("fields.cnae")}</dt>
                      <dd className="font-mono">{formatCnae(registration.cnae) || "—"}</dd>
                      <dt className="text-slate-500">{t("fields.address")}</dt>
                      <dd>{formatRegistrationAddress(registration.address, registration.state) || "—"}</dd>
                      <dt className="text-slate-500">{t("fields.activityStartDate")}</dt>
                      <dd>{formatDate(registration.activityStartDate)}</dd>
                      {registration.closedDate && (
                        <>
                          <dt className="text-slate-500">{t("fields.closedDate")}</dt>
                          <dd>{formatDate(registration.closedDate)}</dd>
                        </>
                      )}
                    </dl>
                  </li>
                );
              })}
            </ul>
          )}
          <p className="text-xs text-slate-500">{t("authority", { cStat: answer.authority.cStat, reason: answer.authority.reason })}</p>
        </div>
      )}
    </section>
  );
}

function NfeLookup({ companyId, timeZone }: { companyId: string; timeZone: string }) {
  const t = useTranslations("lookups.nfe");
  const lookupError = useLookupError();
  const [key, setKey] = useState("");
  const lookup = useMutation({
    mutationFn: (accessKey: string) => apiFetch<NfeLookupResponse>(`/api/dashboard/companies/${companyId}/lookups/nfe/${encodeURIComponent(accessKey)}`),
  });
  const answer = lookup.data;
  const eventName = (code: string) => {
    const named = `eventNames.${code}` as "eventNames.110111";
    return t.has(named) ? t(named) : t("eventOther", { code });
  };
  return (
    <section aria-labelledby="nfe-lookup-title" className="space-y-3">
      <h2 id="nfe-lookup-title" className="text-lg font-semibold">{t("title")}</h2>
      <p className="text-sm text-slate-600">{t("intro")}</p>
      <form
        aria-label={t("title")}
        className="flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          if (key.length === 44) lookup.mutate(key);
        }}
      >
        <div className="min-w-72 flex-1">
          <label htmlFor="lookup-access-key" className="block font-medium">{t("key")}</label>
          <input
            id="lookup-access-key"
            className={`${input} font-mono tabular-nums`}
            autoComplete="off"
            spellCheck={false}
            value={formatAccessKey(key)}
            onChange={(event) => setKey(normalizeAccessKeyInput(event.target.value))}
            aria-describedby="lookup-access-key-count"
          />
          <p id="lookup-access-key-count" className="mt-1 text-xs text-slate-500">{t("count", { count: key.length })}</p>
        </div>
        <button type="submit" disabled={key.length !== 44 || lookup.isPending} className={`${buttonClass("primary")} mt-5`}>
          {lookup.isPending ? t("sending") : t("submit")}
        </button>
      </form>
      {lookup.isError && <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{lookupError(lookup.error, "nfe")}</p>}
      {answer && !lookup.isError && (
        <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="nfe-answer">
          <div className="flex flex-wrap items-center gap-2">
            <span className={`rounded px-2 py-0.5 text-xs font-semibold ${answer.status === "AUTHORIZED" ? "bg-emerald-100 text-emerald-800" : answer.status === "NOT_FOUND" ? "bg-slate-100 text-slate-700" : "bg-red-100 text-red-800"}`} data-testid="nfe-status">
              {t(`status.${answer.status}`)}
            </span>
            <span>{t(`models.${answer.model}`)}</span>
            <AccessKey value={answer.accessKey} href={answer.documentId ? `/dashboard/c/${companyId}/documents/${answer.documentId}` : undefined} testId="nfe-answer-key" />
          </div>
          {answer.documentId && (
            <p>
              <Link className="text-indigo-700 underline" href={`/dashboard/c/${companyId}/documents/${answer.documentId}`}>{t("ownDocument")}</Link>
            </p>
          )}
          <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
            <dt className="text-slate-500">{t("fields.protocol")}</dt>
            <dd className="font-mono">{answer.protocol ?? "—"}</dd>
            <dt className="text-slate-500">{t("fields.authorizedAt")}</dt>
            <dd>{formatDateTime(answer.authorizedAt, timeZone)}</dd>
            <dt className="text-slate-500">{t("fields.authorizer")}</dt>
            <dd>{answer.authority.authorizer}</dd>
            <dt className="text-slate-500">{t("fields.authority")}</dt>
            <dd>{answer.authority.cStat} – {answer.authority.reason}</dd>
          </dl>
          <h3 className="font-medium">{t("events")}</h3>
          {answer.events.length === 0 ? (
            <p className="text-slate-600">{t("noEvents")}</p>
          ) : (
            <div className="overflow-x-auto">
              <table aria-label={t("events")} className="min-w-full divide-y divide-slate-200 text-left text-sm">
                <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                  <tr>
                    <th className={th}>{t("eventColumns.event")}</th>
                    <th className={th}>{t("eventColumns.sequence")}</th>
                    <th className={th}>{t("eventColumns.registeredAt")}</th>
                    <th className={th}>{t("eventColumns.protocol")}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {answer.events.map((event) => (
                    <tr key={`${event.eventCode}-${event.sequence}`}>
                      <td className={td}>{eventName(event.eventCode)} <span className="text-slate-500">({event.eventCode})</span></td>
                      <td className={td}>{event.sequence}</td>
                      <td className={td}>{formatDateTime(event.registeredAt, timeZone)}</td>
                      <td className={`${td} font-mono`}>{event.protocol}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
