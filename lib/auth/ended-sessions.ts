import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { SESSION_MAX_AGE_SECONDS, type SessionClaims } from "./session-user";

// Signing out ends the session on the server (issue 34 problem 11): the JWT
// cookie is signed, not stored, so its id is recorded as ended and every
// request's session check (lib/auth/session-check.ts) refuses it. A row is
// needed only until the session would have expired anyway, so each sign-out
// also deletes the rows past that point: the table holds at most one working
// day of sign-outs.

const END_SESSION = `
  WITH pruned AS (DELETE FROM "EndedSession" WHERE "expiresAt" < (now() AT TIME ZONE 'UTC'))
  INSERT INTO "EndedSession" ("id", "userId", "endedAt", "expiresAt")
  VALUES ($1, $2, now() AT TIME ZONE 'UTC', $3::timestamp)
  ON CONFLICT ("id") DO NOTHING`;

/** Records the session as ended: its cookie no longer signs anyone in, in any process. */
export async function endSession(claims: Pick<SessionClaims, "sessionId" | "userId" | "signedInAt">): Promise<void> {
  const expiresAt = new Date((claims.signedInAt + SESSION_MAX_AGE_SECONDS) * 1000);
  await sql(getPool(), END_SESSION, [claims.sessionId, claims.userId, utc(expiresAt)]);
}
