import { unprocessable } from "@/lib/errors";
import { localDateTime } from "@/lib/fiscal/nfe/format";
import { reformRatesOn } from "@/lib/tax/data/reform-rates";

/**
 * A document's taxes are computed at creation (or PATCH) for its issue date, under that date's
 * reform rates (lib/tax/data/reform-rates.ts). Emitting it with an issue date in another period
 * (a draft of 31/12/2026 emitted on 01/01/2027, dhEmi defaulting to now) would send 2026's IBS/CBS
 * and PIS/COFINS under a 2027 dhEmi, which the pre-send rules refuse (1026) only after numbering.
 * Refused here instead, before anything is spent. Dates are the issuer's calendar (dhEmi).
 */
export function assertSameReformPeriod(document: { type: string; issueDateTime: Date }, newIssueDateTime: Date, state: string): void {
  if (document.type === "NFSE") return;
  const computedOn = localDateTime(document.issueDateTime, state).slice(0, 10);
  const issuedOn = localDateTime(newIssueDateTime, state).slice(0, 10);
  const computed = reformRatesOn(computedOn);
  const issued = reformRatesOn(issuedOn);
  if (computed === issued) return;
  const period = (row: typeof computed, day: string) => (row ? `${row.from} to ${row.to ?? "open"}` : `no reform period (${day})`);
  throw unprocessable(
    "invalid_taxation",
    `The document's taxes were computed for ${computedOn} (reform rates of ${period(computed, computedOn)}); an issue date of ${issuedOn} falls under ` +
      `${period(issued, issuedOn)}: update the draft with that issueDateTime (PATCH recomputes its taxes) or emit with an issue date in the period it was computed for`,
  );
}
