import type { Environment } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";

// A number that left the company in a document the authority knows (or is
// deciding on) cannot be declared unused; SEFAZ would answer 241. A denied
// number (uso denegado) is used too: the authority registered it. Neither can
// a number already voided by an authorized range (cStat 256).

export async function assertRangeFree(
  client: DbClient,
  input: { companyId: string; environment: Environment; model: "55" | "65"; series: number; startNumber: number; endNumber: number; year: string },
): Promise<void> {
  const used = await client.fiscalDocument.findMany({
    where: {
      companyId: input.companyId,
      environment: input.environment,
      type: input.model === "65" ? "NFCE" : "NFE",
      series: input.series,
      number: { gte: input.startNumber, lte: input.endNumber },
      status: { in: ["AUTHORIZED", "CANCELLED", "PROCESSING", "DENIED"] },
    },
    orderBy: { number: "asc" },
    take: 5,
    select: { number: true, status: true },
  });
  if (used.length > 0) {
    const list = used.map((d) => `${d.number} (${d.status})`).join(", ");
    throw new DomainError(422, "inutilization_range_in_use", `The range contains numbers of issued documents: ${list}`);
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
