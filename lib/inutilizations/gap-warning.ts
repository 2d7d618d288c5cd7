import { stateInfo } from "@/lib/br";
import { db } from "@/lib/db/client";
import { listUnusedNumbers } from "@/lib/numbering";

// Issue 56 item 5: on the 5th (in the company's state), a company whose series do not void their
// gaps automatically and that still has confirmed gaps of an earlier month is warned, once per
// month, by the webhook numbering.gaps_pending: the deadline (Ajuste SINIEF 07/05, cláusula
// décima quarta) is the 10th. Once per company and month: the DomainEvent's id is derived from
// both and written with ON CONFLICT DO NOTHING, so retries and concurrent runs write it once
// (the webhook trigger fires on the insert only).

export const GAPS_PENDING_EVENT = "numbering.gaps_pending";
/** The day of the month the warning goes out from (the deadline is the 10th). */
export const GAPS_WARNING_DAY = 5;

function localParts(date: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day") };
}

const INSERT = `
  INSERT INTO "DomainEvent" ("id", "companyId", "type", "environment", "data", "createdAt")
  VALUES ($1, $2, $3, $4::"Environment", $5::jsonb, now() AT TIME ZONE 'UTC')
  ON CONFLICT ("id") DO NOTHING`;

/** Warns each company with gaps of earlier months in series without automatic inutilization; how many were warned now. */
export async function warnPendingGaps(now = new Date(), options: { companyIds?: string[] } = {}): Promise<number> {
  // Cheap pre-filter: companies with a refused numbered NF-e/NFC-e issued at least 4 days ago.
  const candidates = await db.fiscalDocument.findMany({
    where: { ...(options.companyIds ? { companyId: { in: options.companyIds } } : {}), type: { in: ["NFE", "NFCE"] }, status: "REJECTED", number: { gt: 0 }, issueDateTime: { lt: new Date(now.getTime() - 4 * 86_400_000) } },
    distinct: ["companyId"],
    select: { companyId: true, company: { select: { state: true, environment: true } } },
  });
  let warned = 0;
  for (const { companyId, company } of candidates) {
    const timeZone = stateInfo(company.state).timezone;
    const today = localParts(now, timeZone);
    if (today.day < GAPS_WARNING_DAY) continue;
    const month = `${today.year}-${String(today.month).padStart(2, "0")}`;
    const [groups, optedIn] = await Promise.all([
      listUnusedNumbers(companyId),
      db.numberingSeries.findMany({ where: { companyId, autoInutilize: true }, select: { model: true, series: true, environment: true } }),
    ]);
    const manual = groups.filter((g) => g.environment === company.environment && !optedIn.some((o) => o.model === g.model && o.series === g.series && o.environment === g.environment));
    const ids = manual.flatMap((g) => g.numbers.map((n) => n.documentId));
    if (ids.length === 0) continue;
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
    if (series.length === 0) continue;
    const id = `gaps_${companyId}_${month}_${company.environment}`;
    const data = { month, deadline: `${month}-10`, environment: company.environment, series: series.map((s) => ({ ...s, numbers: s.numbers.slice(0, 100) })) };
    const inserted = await db.$executeRawUnsafe(INSERT, id, companyId, GAPS_PENDING_EVENT, company.environment, JSON.stringify(data));
    warned += inserted;
  }
  return warned;
}

