import { formatDateTime } from "@/components/dashboard/format";
import type { TimelineEntry } from "@/lib/document-events/list-document-timeline";

// The document's history as the authority and the background runs left it.

const EVENT_LABELS: Record<string, string> = {
  AUTHORIZATION: "Authorization",
  REJECTION: "Rejection",
  CANCELLATION: "Cancellation",
  CORRECTION_LETTER: "Correction letter (CC-e)",
  DELIVERY_RECEIPT: "Delivery receipt",
  DELIVERY_RECEIPT_CANCELLATION: "Delivery receipt cancelled",
};

export function DocumentTimeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-500">No events yet.</p>;
  return (
    <ol aria-label="Document timeline" className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
      {entries.map((entry) =>
        entry.type === "event" ? (
          <li key={`e-${entry.event.id}`} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2" data-testid="timeline-event">
            <span className="w-36 shrink-0 text-slate-500 tabular-nums">{formatDateTime(entry.at)}</span>
            <span className="font-medium">{EVENT_LABELS[entry.event.kind] ?? entry.event.kind}</span>
            {entry.event.eventCode && <span className="text-slate-500">{entry.event.eventCode} · seq {entry.event.sequence}</span>}
            <span className={entry.event.outcome === "AUTHORIZED" ? "text-emerald-700" : "text-red-700"}>{entry.event.outcome === "AUTHORIZED" ? "registered" : "refused"}</span>
            {(entry.event.cStat || entry.event.reason) && (
              <span className="text-slate-700">{[entry.event.cStat, entry.event.reason].filter(Boolean).join(" - ")}</span>
            )}
            {entry.event.protocol && <span className="text-slate-500">protocol {entry.event.protocol}</span>}
            {entry.event.runId && <span className="text-slate-400">run {entry.event.runId}</span>}
          </li>
        ) : (
          <li key={`r-${entry.run.runId}`} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2" data-testid="timeline-run">
            <span className="w-36 shrink-0 text-slate-500 tabular-nums">{formatDateTime(entry.at)}</span>
            <span className="font-medium">Background run</span>
            <span className="text-slate-500">{entry.run.functionId}</span>
            <code className="text-xs text-slate-600">{entry.run.runId}</code>
            <span>{entry.run.status.toLowerCase()}{entry.run.attempt > 0 ? ` · attempt ${entry.run.attempt}` : ""}</span>
            {entry.run.error && <span className="text-red-700">{entry.run.error}</span>}
          </li>
        ),
      )}
    </ol>
  );
}
