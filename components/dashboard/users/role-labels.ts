import type { UserRole } from "@/lib/auth/session-user";

// Role names and what each may do are in the catalogues (enums.role, users.roleDescription).
export const ROLE_ORDER: readonly UserRole[] = ["ADMIN", "ACCOUNTANT", "SUPPORT"];
