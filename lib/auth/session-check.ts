import { getPool } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { SESSION_MAX_AGE_SECONDS, type SessionClaims, type SessionUser, type UserRole } from "./session-user";

// Issue 16 item 4: a session cookie only says who signed in. Every dashboard
// request (pages through getSessionUser, internal routes through
// readRequestSession) re-reads the user's row by primary key, so a
// deactivation, a deletion or a role change applies at that user's next
// request in every process, with nothing to invalidate. The same statement
// tells whether the session was signed out (issue 34 problem 11): a signed-out
// session is dead in every process at its next request. It is one prepared
// primary-key lookup in plain SQL (as the API-key lookup), a read and never a
// write; a cache would save little and add a window in which a removed user
// or a signed-out cookie still writes.

const FIND_SESSION_USER = `
  SELECT "tenantId", "role"::text AS "role", "isActive", "sessionVersion", "email", "name", "mustChangePassword",
         EXISTS (SELECT 1 FROM "EndedSession" WHERE "id" = $2) AS "ended"
  FROM "User" WHERE "id" = $1`;

type SessionUserRow = { tenantId: string; role: UserRole; isActive: boolean; sessionVersion: number; email: string; name: string | null; mustChangePassword: boolean; ended: boolean };

/** Whether a session signed in at `signedInAt` (epoch seconds) is past its lifetime. */
export function isSessionExpired(claims: Pick<SessionClaims, "signedInAt">, now = Date.now()): boolean {
  return (claims.signedInAt + SESSION_MAX_AGE_SECONDS) * 1000 <= now;
}

/**
 * The session's user as the database has it now, or null when the user was
 * deleted, is deactivated, or was deactivated after this session was signed
 * (sessionVersion moved on), when the session was signed out, or when it is
 * older than its lifetime. Role and tenant come from the row, never the cookie.
 */
export async function recheckSessionUser(claims: SessionClaims): Promise<SessionUser | null> {
  if (isSessionExpired(claims)) return null;
  const [row] = await sql<SessionUserRow>(getPool(), FIND_SESSION_USER, [claims.userId, claims.sessionId]);
  if (!row || row.ended || !row.isActive || row.sessionVersion !== (claims.sessionVersion ?? 0)) return null;
  return { userId: claims.userId, tenantId: row.tenantId, role: row.role, email: row.email, name: row.name, sessionVersion: row.sessionVersion, mustChangePassword: row.mustChangePassword };
}
