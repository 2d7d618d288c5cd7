import { paginate, type Page, type PaginationQuery } from "@/lib/contracts/pagination";
import { db, type DbClient } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import type { InutilizationRecord } from "./schemas";
import { toInutilizationRecord } from "./to-record";

/** GET /v1/fiscal-inutilizations: newest first, every environment. */
export async function listInutilizations(companyId: string, query: PaginationQuery, client: DbClient = db): Promise<Page<InutilizationRecord>> {
  const where = { companyId };
  return paginate(
    query,
    () => client.inutilization.count({ where }),
    async (window) => (await client.inutilization.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...window })).map(toInutilizationRecord),
  );
}

export async function getInutilization(companyId: string, id: string, client: DbClient = db): Promise<InutilizationRecord> {
  const row = await client.inutilization.findFirst({ where: { id, companyId } });
  if (!row) throw notFound("Inutilization");
  return toInutilizationRecord(row);
}
