import { db, type DbClient } from "@/lib/db/client";
import type { UserSummary } from "./contracts";
import { toUserSummary, userSummarySelect } from "./user-summary";

/** The tenant's users, active ones first, then by email. */
export async function listTenantUsers(tenantId: string, client: DbClient = db): Promise<UserSummary[]> {
  const rows = await client.user.findMany({ where: { tenantId }, orderBy: [{ isActive: "desc" }, { email: "asc" }], select: userSummarySelect });
  return rows.map(toUserSummary);
}
