import type { Environment } from "@prisma/client";
import { stateInfo } from "@/lib/br";
import { db } from "@/lib/db/client";
import { listUnusedNumbers } from "./list-unused-numbers";

// Issue 56 item 5: from the 5th of a month (in the company's state), the numbers of an earlier month
// that can never be used (listUnusedNumbers) and sit in series without automatic inutilization must
// still be inutilized by the 10th (Ajuste SINIEF 07/05, cláusula décima quarta). One computation for
// the webhook numbering.gaps_pending (lib/inutilizations/gap-warning.ts) and the readiness advice
// (lib/companies/emission-prerequisites.ts), so both say the same on the same day.

/** The day of the month the warning starts (the deadline is the 10th). */
export const GAPS_WARNING_DAY = 5;

export type PendingGaps = {
  /** yyyy-mm, the current month in the company's state. */
  month: string;
  /** yyyy-mm-10. */
  deadline: string;
  environment: Environment;
  /** Per series: model "55"/"65", series, the numbers (all of them; callers shorten). */
  series: { model: string; series: number; numbers: number[] }[];
};

function localParts(date: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day") };
}

/** The company's pending gaps of earlier months from the 5th on, or null (before the 5th, or none). */
export async function pendingGapsOf(companyId: string, company: { state: string; environment: Environment }, now = new Date()): Promise<PendingGaps | null> {
  const timeZone = stateInfo(company.state).timezone;
  const today = localParts(now, timeZone);
  if (today.day < GAPS_WARNING_DAY) return null;
  const month = `${today.year}-${String(today.month).padStart(2, "0")}`;
  const [groups, optedIn] = await Promise.all([
    listUnusedNumbers(companyId),
    db.numberingSeries.findMany({ where: { companyId, autoInutilize: true }, select: { model: true, series: true, environment: true } }),
  ]);
  const manual = groups.filter((g) => g.environment === company.environment && !optedIn.some((o) => o.model === g.model && o.series === g.series && o.environment === g.environment));
  const ids = manual.flatMap((g) => g.numbers.map((n) => n.documentId));
  if (ids.length === 0) return null;
  const issued = await db.fiscalDocument.findMany({ where: { companyId, id: { in: ids } }, select: { id: true, issueDateTime: true } });
  // Gaps of an earlier month than this one, in the company's state.
  const earlier = new Set(
    issued.filter((d) => {
      const p = localParts(d.issueDateTime, timeZone);
      return p.year * 12 + p.month < today.year * 12 + today.month;
    }).map((d) => d.id),
  );
  const series = manual
    .map((g) => ({ model: String(g.model), series: g.series, numbers: g.numbers.filter((n) => earlier.has(n.documentId)).map((n) => n.number) }))
    .filter((g) => g.numbers.length > 0);
  return series.length === 0 ? null : { month, deadline: `${month}-10`, environment: company.environment, series };
}
