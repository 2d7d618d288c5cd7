import { randomUUID } from "node:crypto";
import { z } from "zod";

// What a dashboard session carries (in the signed JWT cookie): who the user is,
// the tenant whose companies they may see, and their role.
export const UserRoleSchema = z.enum(["ADMIN", "ACCOUNTANT", "SUPPORT"]);
export type UserRole = z.infer<typeof UserRoleSchema>;

/** A session lasts one working day from sign-in, however often it is used. */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

export const SessionUser = z.object({
  userId: z.string().min(1),
  tenantId: z.string().min(1),
  role: UserRoleSchema,
  email: z.string().optional(),
  name: z.string().nullish(),
  /** User.sessionVersion at sign-in; a deactivation bumps it and ends the session (absent in older cookies: 0). */
  sessionVersion: z.number().int().nonnegative().optional(),
  /** From the row, never the cookie: a temporary password the user must change before anything else. */
  mustChangePassword: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/**
 * The claims of a signed-in session: the user, plus the session's own id (what
 * signing out ends, lib/auth/ended-sessions.ts) and when it was signed in
 * (seconds since the epoch). A cookie without them is not a session.
 */
export const SessionClaims = SessionUser.extend({
  sessionId: z.string().min(1),
  signedInAt: z.number().int().positive(),
});
export type SessionClaims = z.infer<typeof SessionClaims>;

/** A decoded token or session object as a SessionUser, or null when it lacks the claims. */
export function toSessionUser(value: unknown): SessionUser | null {
  const parsed = SessionUser.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A decoded token or session object as SessionClaims, or null when it lacks them. */
export function toSessionClaims(value: unknown): SessionClaims | null {
  const parsed = SessionClaims.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The claims that make a new session of a user who just signed in. */
export function newSessionClaims(user: SessionUser, now = new Date()): SessionClaims {
  return { ...user, sessionVersion: user.sessionVersion ?? 0, sessionId: randomUUID(), signedInAt: Math.floor(now.getTime() / 1000) };
}
