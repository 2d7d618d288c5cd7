import { db } from "@/lib/db/client";
import { GAPS_WARNING_DAY, pendingGapsOf } from "@/lib/numbering";

// Issue 56 item 5: on the 5th (in the company's state), a company whose series do not void their
// gaps automatically and that still has confirmed gaps of an earlier month is warned, once per
// month, by the webhook numbering.gaps_pending: the deadline (Ajuste SINIEF 07/05, cláusula
// décima quarta) is the 10th. Once per company and month: the DomainEvent's id is derived from
// both and written with ON CONFLICT DO NOTHING, so retries and concurrent runs write it once
// (the webhook trigger fires on the insert only).

export const GAPS_PENDING_EVENT = "numbering.gaps_pending";
/** The day of the month the warning goes out from (the deadline is the 10th); the computation is lib/numbering/pending-gaps.ts. */
export { GAPS_WARNING_DAY };

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
    const pending = await pendingGapsOf(companyId, company, now);
    if (!pending) continue;
    const id = `gaps_${companyId}_${pending.month}_${company.environment}`;
    const data = { ...pending, series: pending.series.map((s) => ({ ...s, numbers: s.numbers.slice(0, 100) })) };
    const inserted = await db.$executeRawUnsafe(INSERT, id, companyId, GAPS_PENDING_EVENT, company.environment, JSON.stringify(data));
    warned += inserted;
  }
  return warned;
}

