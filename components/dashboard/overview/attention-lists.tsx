import Link from "next/link";
import type { CompanyOverview } from "@/lib/overview/contracts";
import { formatMoney } from "../documents/money";
import { formatDateTime } from "../format";

const TEXT = {
  rejectedTitle: "Rejected in the last 30 days",
  rejectedNone: "No rejections in the last 30 days.",
  rejectedMore: (shown: number, total: number) => `Showing the latest ${shown} of ${total}.`,
  stuckTitle: (minutes: number) => `Processing for more than ${minutes} minutes`,
  stuckNone: "No emission is waiting longer than usual.",
  stuckHint: "The authority has not answered yet; the background run keeps retrying. Check the authority status if this list grows.",
  stuckMore: (shown: number, total: number) => `Showing the oldest ${shown} of ${total}.`,
  minutes: (m: number) => (m >= 120 ? `${Math.floor(m / 60)} h` : `${m} min`),
  noReason: "No reason recorded",
  document: (d: { type: string; series: number | null; number: number }) => `${d.type === "NFE" ? "NF-e" : d.type === "NFCE" ? "NFC-e" : "NFS-e"} ${d.number > 0 ? `${d.series ?? "-"}/${d.number}` : "(no number yet)"}`,
};

type Rejected = CompanyOverview["rejected"];
type Stuck = CompanyOverview["stuckProcessing"];

export function RejectedList({ companyId, rejected }: { companyId: string; rejected: Rejected }) {
  return (
    <section aria-labelledby="rejected-title" className={`rounded-lg border bg-white p-4 ${rejected.total > 0 ? "border-red-200" : "border-slate-200"}`}>
      <h2 id="rejected-title" className="text-base font-semibold">
        {TEXT.rejectedTitle} <span className="text-sm font-normal text-slate-500">({rejected.total})</span>
      </h2>
      {rejected.latest.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{TEXT.rejectedNone}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" data-testid="rejected-list">
          {rejected.latest.map((doc) => (
            <li key={doc.id} className="py-2 text-sm">
              <Link href={`/dashboard/c/${companyId}/documents/${doc.id}`} className="font-medium text-indigo-700 hover:underline">
                {TEXT.document(doc)}
              </Link>
              <span className="ml-2 text-slate-500">
                {doc.clientName ? `${doc.clientName} · ` : ""}
                {formatMoney(doc.totalValue)} · {formatDateTime(doc.rejectedAt)}
              </span>
              <span className="block text-red-800">{/* Emission stores the reason as "cStat - xMotivo" (our code for refusals before sending). */ doc.rejectionReason ?? doc.rejectionCode ?? TEXT.noReason}</span>
            </li>
          ))}
        </ul>
      )}
      {rejected.total > rejected.latest.length && <p className="mt-1 text-xs text-slate-500">{TEXT.rejectedMore(rejected.latest.length, rejected.total)}</p>}
    </section>
  );
}

export function StuckProcessingList({ companyId, stuck }: { companyId: string; stuck: Stuck }) {
  return (
    <section aria-labelledby="stuck-title" className={`rounded-lg border bg-white p-4 ${stuck.total > 0 ? "border-amber-300" : "border-slate-200"}`}>
      <h2 id="stuck-title" className="text-base font-semibold">
        {TEXT.stuckTitle(stuck.thresholdMinutes)} <span className="text-sm font-normal text-slate-500">({stuck.total})</span>
      </h2>
      {stuck.oldest.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{TEXT.stuckNone}</p>
      ) : (
        <>
          <p className="mt-1 text-xs text-slate-600">{TEXT.stuckHint}</p>
          <ul className="mt-2 divide-y divide-slate-100" data-testid="stuck-list">
            {stuck.oldest.map((doc) => (
              <li key={doc.id} className="flex justify-between py-2 text-sm">
                <Link href={`/dashboard/c/${companyId}/documents/${doc.id}`} className="font-medium text-indigo-700 hover:underline">
                  {TEXT.document(doc)}
                </Link>
                <span className="text-amber-800">{TEXT.minutes(doc.minutes)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {stuck.total > stuck.oldest.length && <p className="mt-1 text-xs text-slate-500">{TEXT.stuckMore(stuck.oldest.length, stuck.total)}</p>}
    </section>
  );
}
