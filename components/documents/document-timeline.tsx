"use client";

import { useLocale, useTimeZone, useTranslations } from "next-intl";
import { formatDateTime } from "@/components/dashboard/format";
import type { TimelineEntry } from "@/lib/document-events/list-document-timeline";

// The document's history as the authority and the background runs left it.

type Kind = "AUTHORIZATION" | "REJECTION" | "CANCELLATION" | "CORRECTION_LETTER" | "DELIVERY_RECEIPT" | "DELIVERY_RECEIPT_CANCELLATION" | "DENIAL" | "REFORM_EVENT" | "REFORM_EVENT_CANCELLATION";
type Outcome = "AUTHORIZED" | "REJECTED" | "DENIED";
const OUTCOME_CLASS: Record<Outcome, string> = { AUTHORIZED: "text-emerald-700", REJECTED: "text-red-700", DENIED: "text-orange-700" };
type RunStatus = "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
type TimelineEvent = Extract<TimelineEntry, { type: "event" }>["event"];
type RunFunction = "emit-document" | "transmit-contingency" | "reconcile-document-event" | "document-email-send" | "webhook-deliver" | "webhook-backfill";

// The events registered as events of their own have an XML (GET …/events/{eventId}/xml); a correction letter also a DACCE.
const XML_LABEL: Partial<Record<Kind, "cancellationXml" | "correctionXml" | "eventXml">> = {
  CANCELLATION: "cancellationXml",
  CORRECTION_LETTER: "correctionXml",
  DELIVERY_RECEIPT: "eventXml",
  DELIVERY_RECEIPT_CANCELLATION: "eventXml",
  REFORM_EVENT: "eventXml",
  REFORM_EVENT_CANCELLATION: "eventXml",
};

function EventDownloads({ event, eventsBase }: { event: TimelineEvent; eventsBase: string }) {
  const t = useTranslations("documentEvents.timeline");
  const xml = XML_LABEL[event.kind as Kind];
  if (!xml || event.outcome !== "AUTHORIZED") return null;
  const base = `${eventsBase}/${event.id}`;
  return (
    <span className="flex gap-3">
      <a className="text-indigo-700 hover:underline" href={`${base}/xml?download=true`} data-testid="event-xml">{t(xml)}</a>
      {event.kind === "CORRECTION_LETTER" && <a className="text-indigo-700 hover:underline" href={`${base}/pdf`} target="_blank" rel="noopener" data-testid="event-pdf">{t("correctionPdf")}</a>}
    </span>
  );
}

/** `eventsBase`: the dashboard path of the document's events, for the downloads of the registered ones. */
export function DocumentTimeline({ entries, eventsBase }: { entries: TimelineEntry[]; eventsBase: string }) {
  const t = useTranslations("documentEvents.timeline");
  const kinds = useTranslations("enums.eventKind");
  const outcomes = useTranslations("enums.authorityOutcome");
  const runs = useTranslations("enums.runStatus");
  const timeZone = useTimeZone();
  const english = useLocale().startsWith("en");
  if (entries.length === 0) return <p className="text-sm text-slate-500">{t("empty")}</p>;
  return (
    <ol aria-label={t("title")} className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
      {entries.map((entry) =>
        entry.type === "event" ? (
          <li key={`e-${entry.event.id}`} title={entry.event.runId ?? undefined} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2" data-testid="timeline-event" data-kind={entry.event.kind} data-outcome={entry.event.outcome}>
            <span className="w-36 shrink-0 text-slate-500 tabular-nums">{formatDateTime(entry.at, timeZone)}</span>
            <span className="font-medium">{kinds.has(entry.event.kind as Kind) ? kinds(entry.event.kind as Kind) : entry.event.kind}</span>
            {entry.event.eventCode && <span className="text-slate-500">{t("eventCode", { code: entry.event.eventCode, sequence: entry.event.sequence ?? "—" })}</span>}
            <span className={OUTCOME_CLASS[entry.event.outcome]}>{outcomes(entry.event.outcome)}</span>
            {(entry.event.cStat || entry.event.reason) && <span className="text-slate-700">{[entry.event.cStat, entry.event.reason].filter(Boolean).join(" - ")}</span>}
            {entry.event.protocol && <span className="text-slate-500">{t("protocol", { protocol: entry.event.protocol })}</span>}
            <EventDownloads event={entry.event} eventsBase={eventsBase} />
          </li>
        ) : (
          // The run is named by what it does; its internal function name and id stay in the tooltip and data attributes, for support.
          <li key={`r-${entry.run.runId}`} title={`${entry.run.functionId} · ${entry.run.runId}`} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2" data-testid="timeline-run" data-function={entry.run.functionId} data-run-id={entry.run.runId}>
            <span className="w-36 shrink-0 text-slate-500 tabular-nums">{formatDateTime(entry.at, timeZone)}</span>
            <span className="font-medium">{t.has(`runFunctions.${entry.run.functionId as RunFunction}`) ? t(`runFunctions.${entry.run.functionId as RunFunction}`) : t("backgroundRun")}</span>
            <span>{runs.has(entry.run.status as RunStatus) ? runs(entry.run.status as RunStatus) : t("backgroundRun")}{entry.run.attempt > 0 ? ` · ${t("attempt", { attempt: entry.run.attempt })}` : ""}</span>
            {/* The run's error is the code's English; a Portuguese page says it failed without it. */}
            {entry.run.error && <span className="text-red-700">{english ? entry.run.error : t("runFailed")}</span>}
          </li>
        ),
      )}
    </ol>
  );
}
