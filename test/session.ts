import { randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import type { SessionUser, UserRole } from "@/lib/auth/session";
import { newSessionClaims } from "@/lib/auth/session-user";
import { createUser } from "@/lib/users/create-user";

// Dashboard session cookies for route tests. Sessions are re-checked against
// the User row on every request (lib/auth/session-check.ts), so a cookie must
// name a real user: signedInCookie creates one.

function secret(): string {
  const value = process.env.NEXTAUTH_SECRET;
  if (!value) throw new Error("set process.env.NEXTAUTH_SECRET in the test file first");
  return value;
}

/** The cookie header of a session for an existing user (claims as signed at sign-in). */
export async function sessionCookieOf(user: Pick<SessionUser, "userId" | "tenantId" | "role"> & { sessionVersion?: number }): Promise<{ cookie: string }> {
  const token = await encode({ token: { ...newSessionClaims(user), sub: user.userId }, secret: secret() });
  return { cookie: `next-auth.session-token=${token}` };
}

/** A new user of the tenant with the role, and the cookie of their session. */
export async function signedInUser(tenantId: string, role: UserRole): Promise<{ userId: string; email: string; cookie: string }> {
  const email = `${role.toLowerCase()}-${randomBytes(5).toString("hex")}@example.com`;
  const user = await createUser({ email, password: "correct horse battery", tenantId, role });
  const { cookie } = await sessionCookieOf({ userId: user.id, tenantId, role });
  return { userId: user.id, email, cookie };
}

/** Only the cookie header of a new user's session. */
export async function signedInCookie(tenantId: string, role: UserRole): Promise<{ cookie: string }> {
  const { cookie } = await signedInUser(tenantId, role);
  return { cookie };
}
