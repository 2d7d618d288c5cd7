import type { ContingencyMode } from "@prisma/client";
import { db, type DbClient } from "@/lib/db/client";

export type ActiveContingency = {
  id: string;
  model: 55 | 58 | 65;
  mode: ContingencyMode;
  since: Date;
  reason: string;
  automatic: boolean;
  /** NF-e: the SVC refused (114) or did not answer during this contingency; its NF-e go to EPEC. */
  svcUnavailableAt: Date | null;
};

/** The company's active contingency for a model (55 NF-e, 65 NFC-e), or null when it emits normally. */
export async function findActiveContingency(companyId: string, model: 55 | 58 | 65, client: DbClient = db): Promise<ActiveContingency | null> {
  const row = await client.companyContingency.findFirst({ where: { companyId, model, endedAt: null } });
  if (!row) return null;
  return { id: row.id, model, mode: row.mode, since: row.since, reason: row.reason, automatic: row.automatic, svcUnavailableAt: row.svcUnavailableAt };
}
