import type { UserRole } from "./session-user";

// The dashboard's one write policy: ADMIN and ACCOUNTANT change data and send
// events to the tax authority; SUPPORT reads everything and changes nothing.
export const WRITER_ROLES = ["ADMIN", "ACCOUNTANT"] as const satisfies readonly UserRole[];

export function canWrite(role: string): boolean {
  return (WRITER_ROLES as readonly string[]).includes(role);
}
