import type { Prisma } from "@prisma/client";
import { stateInfo } from "@/lib/br";
import { getActiveCertificate } from "@/lib/certificates";
import { db, type DbClient } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { DOCUMENT_STATUSES, type CompanyOverview, type OverviewDocumentStatus, type StatusCounts } from "./contracts";
import { localDate, precedingDates } from "./local-days";

// What needs attention today, for one company, in its current environment
// (a company that moved to PRODUCTION no longer cares about its test
// documents). Days are the company state's local days (the capital's zone, as
// dhEmi uses). Counts are aggregated in SQL over the (companyId, environment,
// createdAt) index; the lists read at most LIST_LIMIT rows over (companyId, status).

export const OVERVIEW_DAYS = 30;
/** A document PROCESSING longer than this is shown as stuck (an emission normally settles in seconds). */
export const STUCK_PROCESSING_MINUTES = 5;
const LIST_LIMIT = 10;
const DAY_MS = 86_400_000;

type DayStatusRow = { day: string; status: OverviewDocumentStatus; count: number };

const emptyCounts = (): StatusCounts => Object.fromEntries(DOCUMENT_STATUSES.map((s) => [s, 0])) as StatusCounts;

const documentRefSelect = { id: true, type: true, series: true, number: true, totalValue: true, clientSnapshot: true, updatedAt: true } as const satisfies Prisma.FiscalDocumentSelect;
type DocumentRefRow = Prisma.FiscalDocumentGetPayload<{ select: typeof documentRefSelect }>;

function toDocumentRef(row: DocumentRefRow) {
  const snapshot = row.clientSnapshot as { name?: unknown } | null;
  return {
    id: row.id,
    type: row.type,
    series: row.series,
    number: row.number,
    totalValue: row.totalValue.toFixed(2),
    clientName: typeof snapshot?.name === "string" ? snapshot.name : null,
  };
}

export async function getCompanyOverview(input: { companyId: string; now?: Date }, client: DbClient = db): Promise<CompanyOverview> {
  const now = input.now ?? new Date();
  const company = await client.company.findFirst({ where: { id: input.companyId }, select: { id: true, state: true, environment: true } });
  if (!company) throw notFound("Company");
  const { environment } = company;
  const timeZone = stateInfo(company.state).timezone;
  const dates = precedingDates(localDate(now, timeZone), OVERVIEW_DAYS);
  const today = dates[dates.length - 1]!;
  // One extra day covers any UTC offset; rows outside the local window are dropped below.
  const windowStart = new Date(now.getTime() - (OVERVIEW_DAYS + 1) * DAY_MS);
  const stuckBefore = new Date(now.getTime() - STUCK_PROCESSING_MINUTES * 60_000);
  const rejectedSince = new Date(now.getTime() - OVERVIEW_DAYS * DAY_MS);
  const rejectedWhere = { companyId: company.id, environment, status: "REJECTED", updatedAt: { gte: rejectedSince } } as const;
  const stuckWhere = { companyId: company.id, environment, status: "PROCESSING", updatedAt: { lt: stuckBefore } } as const;

  const [dayRows, rejectedTotal, rejectedRows, stuckTotal, stuckRows, certificate] = await Promise.all([
    client.$queryRaw<DayStatusRow[]>`
      SELECT to_char(("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS "day", "status"::text AS "status", count(*)::int AS "count"
      FROM "FiscalDocument"
      WHERE "companyId" = ${company.id} AND "environment" = ${environment}::"Environment" AND "createdAt" >= ${windowStart}::timestamp
      GROUP BY 1, 2`,
    client.fiscalDocument.count({ where: rejectedWhere }),
    client.fiscalDocument.findMany({
      where: rejectedWhere,
      orderBy: { updatedAt: "desc" },
      take: LIST_LIMIT,
      select: { ...documentRefSelect, rejectionCode: true, rejectionReason: true },
    }),
    client.fiscalDocument.count({ where: stuckWhere }),
    client.fiscalDocument.findMany({ where: stuckWhere, orderBy: { updatedAt: "asc" }, take: LIST_LIMIT, select: documentRefSelect }),
    getActiveCertificate(company.id, client),
  ]);

  const byDay = new Map(dates.map((date) => [date, emptyCounts()]));
  const last30 = emptyCounts();
  for (const row of dayRows) {
    const counts = byDay.get(row.day);
    if (!counts) continue;
    counts[row.status] += row.count;
    last30[row.status] += row.count;
  }
  const sum = (counts: StatusCounts) => Object.values(counts).reduce((a, b) => a + b, 0);
  const todayCounts = byDay.get(today)!;

  return {
    environment,
    timeZone,
    generatedAt: now.toISOString(),
    today: { date: today, counts: todayCounts, total: sum(todayCounts) },
    last30Days: { from: dates[0]!, to: today, counts: last30, total: sum(last30), days: dates.map((date) => ({ date, counts: byDay.get(date)! })) },
    rejected: {
      total: rejectedTotal,
      latest: rejectedRows.map((row) => ({ ...toDocumentRef(row), rejectionCode: row.rejectionCode, rejectionReason: row.rejectionReason, rejectedAt: row.updatedAt.toISOString() })),
    },
    stuckProcessing: {
      thresholdMinutes: STUCK_PROCESSING_MINUTES,
      total: stuckTotal,
      oldest: stuckRows.map((row) => ({ ...toDocumentRef(row), since: row.updatedAt.toISOString(), minutes: Math.floor((now.getTime() - row.updatedAt.getTime()) / 60_000) })),
    },
    certificate: certificate && {
      holderName: certificate.holderName,
      notAfter: certificate.notAfter,
      daysLeft: certificate.daysLeft,
      expired: certificate.expired,
      warning: certificate.expired || certificate.expiresSoon,
    },
  };
}
