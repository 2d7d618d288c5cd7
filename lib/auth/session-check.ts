import { getPool } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import type { SessionUser, UserRole } from "./session-user";

// Issue 16 item 4: a session cookie only says who signed in. Every dashboard
// request (pages through getSessionUser, internal routes through
// readRequestSession) re-reads the user's row by primary key, so a
// deactivation, a deletion or a role change applies at that user's next
// request in every process, with nothing to invalidate. It is one prepared
// primary-key lookup in plain SQL (as the API-key lookup); a cache would save
// little and add a window in which a removed user still writes.

const FIND_SESSION_USER = `SELECT "tenantId", "role"::text AS "role", "isActive", "sessionVersion", "email", "name" FROM "User" WHERE "id" = $1`;

type SessionUserRow = { tenantId: string; role: UserRole; isActive: boolean; sessionVersion: number; email: string; name: string | null };

/**
 * The session's user as the database has it now, or null when the user was
 * deleted, is deactivated, or was deactivated after this session was signed
 * (sessionVersion moved on). Role and tenant come from the row, never the cookie.
 */
export async function recheckSessionUser(claims: SessionUser): Promise<SessionUser | null> {
  const [row] = await sql<SessionUserRow>(getPool(), FIND_SESSION_USER, [claims.userId]);
  if (!row || !row.isActive || row.sessionVersion !== (claims.sessionVersion ?? 0)) return null;
  return { userId: claims.userId, tenantId: row.tenantId, role: row.role, email: row.email, name: row.name, sessionVersion: row.sessionVersion };
}
