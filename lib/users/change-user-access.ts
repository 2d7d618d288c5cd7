import type { UserRole } from "@prisma/client";
import { forgetCachedApiKeys } from "@/lib/auth/api-keys";
import { db, type DbClient } from "@/lib/db/client";
import { withTransaction } from "@/lib/db/with-transaction";
import { notFound, unprocessable } from "@/lib/errors";
import { ChangeRoleBody, DeactivateUserBody, type UserSummary } from "./contracts";
import { toUserSummary, userSummarySelect } from "./user-summary";

// Role and status changes. Each runs in one transaction that first locks the
// tenant's active ADMIN rows (SELECT ... FOR UPDATE), so two admins demoting
// or deactivating each other at the same moment are serialized and the
// second sees the first's change: a tenant never ends without an active ADMIN.
// Nothing is cached about users: the next dashboard request of the affected
// user re-reads the row (lib/auth/session-check.ts).

type Actor = { tenantId: string; userId: string };

async function lockActiveAdmins(tx: DbClient, tenantId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "User" WHERE "tenantId" = ${tenantId} AND "role" = 'ADMIN' AND "isActive" ORDER BY "id" FOR UPDATE`;
  return rows.map((row) => row.id);
}

async function findTenantUser(tx: DbClient, tenantId: string, userId: string) {
  const user = await tx.user.findFirst({ where: { id: userId, tenantId }, select: { id: true, role: true, isActive: true } });
  if (!user) throw notFound("User");
  return user;
}

function assertNotLastAdmin(admins: string[], userId: string, action: string): void {
  if (admins.length === 1 && admins[0] === userId) {
    throw unprocessable("last_active_admin", `This is the tenant's last active ADMIN and cannot be ${action}. Make another user ADMIN first.`);
  }
}

export async function changeUserRole(input: Actor & { targetUserId: string; body: ChangeRoleBody }, client: DbClient = db): Promise<UserSummary> {
  const { role } = ChangeRoleBody.parse(input.body);
  return withTransaction(client, async (tx) => {
    const admins = await lockActiveAdmins(tx, input.tenantId);
    const user = await findTenantUser(tx, input.tenantId, input.targetUserId);
    if (user.role === "ADMIN" && role !== "ADMIN") assertNotLastAdmin(admins, user.id, "demoted");
    const row = await tx.user.update({ where: { id: user.id }, data: { role: role as UserRole }, select: userSummarySelect });
    return toUserSummary(row);
  });
}

export async function deactivateUser(input: Actor & { targetUserId: string; body?: DeactivateUserBody }, client: DbClient = db): Promise<UserSummary> {
  const { revokeApiKeys } = DeactivateUserBody.parse(input.body ?? {});
  if (input.targetUserId === input.userId) {
    throw unprocessable("cannot_deactivate_self", "You cannot deactivate your own account; ask another ADMIN.");
  }
  const summary = await withTransaction(client, async (tx) => {
    const admins = await lockActiveAdmins(tx, input.tenantId);
    const user = await findTenantUser(tx, input.tenantId, input.targetUserId);
    if (user.isActive) {
      assertNotLastAdmin(admins, user.id, "deactivated");
      // sessionVersion + 1 ends every session signed before now, even after a later reactivation.
      await tx.user.update({ where: { id: user.id }, data: { isActive: false, deactivatedAt: new Date(), sessionVersion: { increment: 1 } } });
    }
    if (revokeApiKeys) {
      await tx.apiKey.updateMany({ where: { createdByUserId: user.id, revokedAt: null, company: { tenantId: input.tenantId } }, data: { revokedAt: new Date() } });
    }
    return toUserSummary(await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: userSummarySelect }));
  });
  // The revoked keys stop at this process's next request (lib/auth/api-key-cache.ts).
  if (revokeApiKeys) forgetCachedApiKeys();
  return summary;
}

export async function reactivateUser(input: Actor & { targetUserId: string }, client: DbClient = db): Promise<UserSummary> {
  return withTransaction(client, async (tx) => {
    const user = await findTenantUser(tx, input.tenantId, input.targetUserId);
    if (!user.isActive) await tx.user.update({ where: { id: user.id }, data: { isActive: true, deactivatedAt: null } });
    return toUserSummary(await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: userSummarySelect }));
  });
}
