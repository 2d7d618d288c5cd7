import { z } from "zod";

// What a dashboard session carries (in the signed JWT cookie): who the user is,
// the tenant whose companies they may see, and their role.
export const UserRoleSchema = z.enum(["ADMIN", "ACCOUNTANT", "SUPPORT"]);
export type UserRole = z.infer<typeof UserRoleSchema>;

export const SessionUser = z.object({
  userId: z.string().min(1),
  tenantId: z.string().min(1),
  role: UserRoleSchema,
  email: z.string().optional(),
  name: z.string().nullish(),
  /** User.sessionVersion at sign-in; a deactivation bumps it and ends the session (absent in older cookies: 0). */
  sessionVersion: z.number().int().nonnegative().optional(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** A decoded token or session object as a SessionUser, or null when it lacks the claims. */
export function toSessionUser(value: unknown): SessionUser | null {
  const parsed = SessionUser.safeParse(value);
  return parsed.success ? parsed.data : null;
}
