import type { Prisma } from "@prisma/client";
import type { UserSummary } from "./contracts";

// One select and one mapping for every user operation's answer.
export const userSummarySelect = {
  id: true,
  email: true,
  name: true,
  role: true,
  isActive: true,
  mustChangePassword: true,
  deactivatedAt: true,
  createdAt: true,
  _count: { select: { apiKeysCreated: { where: { revokedAt: null } } } },
} as const satisfies Prisma.UserSelect;

type UserSummaryRow = Prisma.UserGetPayload<{ select: typeof userSummarySelect }>;

export function toUserSummary(row: UserSummaryRow): UserSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    isActive: row.isActive,
    mustChangePassword: row.mustChangePassword,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    activeApiKeys: row._count.apiKeysCreated,
  };
}
