import type { Environment } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { NUMBER_HOLDER_SELECT, numberHold } from "@/lib/numbering";

// Only numbers that can never be used are declared unused (issue 34, item 3).
// A number that left the company in a document the authority knows, may know,
// or that is still being emitted or waits for its re-send cannot be voided
// (SEFAZ would answer 241, or the re-send 206); a denied number (uso denegado)
// is used too: the authority registered it. Neither can a number already
// voided by an authorized range (cStat 256).

type Range = { companyId: string; environment: Environment; model: "55" | "65"; series: number; startNumber: number; endNumber: number; year: string };

// Numbered documents looked at per request: enough to name the first holders of any range.
const HOLDERS_READ = 200;

export async function assertRangeFree(client: DbClient, input: Range): Promise<void> {
  const documents = await client.fiscalDocument.findMany({
    where: {
      companyId: input.companyId,
      environment: input.environment,
      type: input.model === "65" ? "NFCE" : "NFE",
      series: input.series,
      number: { gte: input.startNumber, lte: input.endNumber },
      // REJECTED on a refusal naming it is free; the uncertain rejections are looked at.
      OR: [{ status: { not: "REJECTED" } }, { rejectionCode: { in: ["communication_failure", "internal_error"] } }],
    },
    orderBy: { number: "asc" },
    take: HOLDERS_READ,
    select: { number: true, ...NUMBER_HOLDER_SELECT },
  });
  const held = documents.flatMap((d) => {
    const why = numberHold(d);
    return why ? [`${d.number} (${d.status}: ${why})`] : [];
  });
  if (held.length > 0) {
    throw new DomainError(422, "inutilization_range_in_use", `The range contains numbers held by documents: ${held.slice(0, 5).join(", ")}`);
  }
  const voided = await client.inutilization.findFirst({
    where: {
      companyId: input.companyId,
      environment: input.environment,
      model: input.model,
      series: input.series,
      year: input.year,
      status: "AUTHORIZED",
      startNumber: { lte: input.endNumber },
      endNumber: { gte: input.startNumber },
    },
    select: { startNumber: true, endNumber: true },
  });
  if (voided) {
    throw new DomainError(422, "inutilization_range_in_use", `The numbers ${voided.startNumber}-${voided.endNumber} of this series are already inutilized`);
  }
}

/**
 * Numbers at or above the series' next number have not been handed out: voiding
 * them would make the next emissions be refused 206. Refused (422 naming the
 * next number) unless the request asks to advance the series past them; then
 * the counter moves to endNumber + 1 before the authority is called, so no
 * emission takes those numbers meanwhile (a refusal leaves them skipped, and the
 * same range can be sent again).
 */
export async function reserveSeriesRange(client: DbClient, input: Range & { advanceSeries: boolean }): Promise<void> {
  const key = { companyId: input.companyId, model: Number(input.model), series: input.series, environment: input.environment };
  if (input.advanceSeries) {
    await client.$executeRaw`
      INSERT INTO "NumberingSeries" ("id", "companyId", "model", "series", "environment", "nextNumber", "updatedAt")
      VALUES (gen_random_uuid()::text, ${key.companyId}, ${key.model}, ${key.series}, ${key.environment}::"Environment", ${input.endNumber + 1}, now() AT TIME ZONE 'UTC')
      ON CONFLICT ("companyId", "model", "series", "environment") DO UPDATE
      SET "nextNumber" = greatest("NumberingSeries"."nextNumber", excluded."nextNumber"), "updatedAt" = excluded."updatedAt"`;
    return;
  }
  const counter = await client.numberingSeries.findUnique({ where: { companyId_model_series_environment: key }, select: { nextNumber: true } });
  const nextNumber = counter?.nextNumber ?? 1;
  if (input.endNumber >= nextNumber) {
    throw new DomainError(
      422,
      "inutilization_range_not_issued",
      `Series ${input.series} of model ${input.model} has not issued numbers from ${nextNumber} on (its next number is ${nextNumber}): void only numbers below ${nextNumber}, or send advanceSeries: true to skip the series past ${input.endNumber}`,
    );
  }
}
