import type { UserRole } from "@/lib/auth/session-user";

// What each role may do, as people read it on the users page.
export const ROLE_LABELS: Record<UserRole, { label: string; description: string }> = {
  ADMIN: { label: "Admin", description: "Everything, including users and roles" },
  ACCOUNTANT: { label: "Accountant", description: "Issues documents and changes company data" },
  SUPPORT: { label: "Support", description: "Reads everything; redelivers webhooks and runs backfills" },
};

export const ROLE_ORDER: readonly UserRole[] = ["ADMIN", "ACCOUNTANT", "SUPPORT"];
