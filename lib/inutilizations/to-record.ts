import type { Inutilization } from "@prisma/client";
import type { InutilizationRecord } from "./schemas";

export function toInutilizationRecord(row: Inutilization): InutilizationRecord {
  return {
    id: row.id,
    series: row.series,
    model: row.model === "65" ? "65" : "55",
    startNumber: row.startNumber,
    endNumber: row.endNumber,
    year: row.year,
    status: row.status,
    protocol: row.protocol,
    justification: row.justification,
    inutilizationDate: row.inutilizationDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    environment: row.environment,
    cStat: row.cStat,
    rejectionReason: row.rejectionReason,
    origin: row.origin === "AUTOMATIC" ? "AUTOMATIC" : "MANUAL",
  };
}
