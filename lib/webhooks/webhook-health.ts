import { db } from "@/lib/db/client";
import { localDate, precedingDates } from "@/lib/overview/local-days";

// The overview's webhook section (issue 13 item 7): endpoints that need
// attention, and the delivery success rate of the last 7 days per São Paulo
// day. The rate counts settled deliveries only (SUCCEEDED / (SUCCEEDED +
// FAILED)); PENDING ones are shown apart, they may still succeed.

const ZONE = "America/Sao_Paulo";
const DAYS = 7;

type DayCounts = { date: string; succeeded: number; failed: number; pending: number; successRate: number | null };

const rate = (succeeded: number, failed: number) => (succeeded + failed === 0 ? null : Math.round((succeeded / (succeeded + failed)) * 1000) / 10);

export async function getWebhookHealth(input: { companyId: string; now?: Date }) {
  const now = input.now ?? new Date();
  const dates = precedingDates(localDate(now, ZONE), DAYS);
  const endpointCount = await db.webhookEndpoint.count({ where: { companyId: input.companyId } });
  // An endpoint needs attention when it is disabled, when deliveries to it ended failed in a row, or
  // when a delivery to it is still being retried after failed attempts: consecutiveFailures counts
  // only deliveries that gave up (about 24 h later), so a receiver down since this morning shows here.
  const retrying = await db.$queryRaw<{ endpointId: string; deliveries: bigint; attempts: number }[]>`
    SELECT "endpointId", count(*) AS deliveries, max(attempts) AS attempts
    FROM "WebhookDelivery"
    WHERE "companyId" = ${input.companyId} AND status = 'PENDING' AND attempts > 0
    GROUP BY "endpointId"`;
  const retryingBy = new Map(retrying.map((row) => [row.endpointId, { deliveries: Number(row.deliveries), attempts: row.attempts }]));
  const endpoints = await db.webhookEndpoint.findMany({
    where: { companyId: input.companyId, OR: [{ isActive: false }, { consecutiveFailures: { gt: 0 } }, { id: { in: [...retryingBy.keys()] } }] },
    select: { id: true, url: true, isActive: true, disabledReason: true, disabledAt: true, consecutiveFailures: true },
    orderBy: [{ isActive: "asc" }, { consecutiveFailures: "desc" }],
    take: 20,
  });
  // Aggregated in SQL over the (companyId, createdAt) index; createdAt holds UTC.
  const rows = await db.$queryRaw<{ day: string; status: string; count: bigint }[]>`
    SELECT to_char(("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE ${ZONE}, 'YYYY-MM-DD') AS day, status::text AS status, count(*) AS count
    FROM "WebhookDelivery"
    WHERE "companyId" = ${input.companyId} AND "createdAt" >= ((${dates[0]}::date)::timestamp AT TIME ZONE ${ZONE}) AT TIME ZONE 'UTC'
    GROUP BY 1, 2`;
  const days: DayCounts[] = dates.map((date) => ({ date, succeeded: 0, failed: 0, pending: 0, successRate: null }));
  const byDate = new Map(days.map((day) => [day.date, day]));
  for (const row of rows) {
    const day = byDate.get(row.day);
    if (!day) continue;
    const key = row.status === "SUCCEEDED" ? "succeeded" : row.status === "FAILED" ? "failed" : "pending";
    day[key] += Number(row.count);
  }
  for (const day of days) day.successRate = rate(day.succeeded, day.failed);
  const succeeded = days.reduce((sum, d) => sum + d.succeeded, 0);
  const failed = days.reduce((sum, d) => sum + d.failed, 0);
  const pending = days.reduce((sum, d) => sum + d.pending, 0);
  return {
    endpointCount,
    endpoints: endpoints.map((e) => ({ ...e, disabledAt: e.disabledAt?.toISOString() ?? null, retryingDeliveries: retryingBy.get(e.id)?.deliveries ?? 0, retryingAttempts: retryingBy.get(e.id)?.attempts ?? 0 })),
    last7Days: { from: dates[0]!, to: dates.at(-1)!, days, succeeded, failed, pending, successRate: rate(succeeded, failed) },
  };
}
