import { randomBytes } from "node:crypto";
import { getServerSession, type NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getToken } from "next-auth/jwt";
import { cache } from "react";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { hashPassword, verifyPassword } from "./passwords";
import { endSession } from "./ended-sessions";
import { recheckSessionUser } from "./session-check";
import { throttleSignIn } from "./sign-in-throttle";
import { newSessionClaims, SESSION_MAX_AGE_SECONDS, toSessionClaims, toSessionUser, type SessionUser } from "./session-user";

export { toSessionUser, type SessionUser, type UserRole } from "./session-user";

const Credentials = z.object({ email: z.string().trim().toLowerCase().email(), password: z.string().min(1).max(200) });

// An Argon2id hash checked when the email is unknown, so the response time
// does not tell which emails have accounts.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString("hex")));

/** Email + password against User.passwordHash; null (a generic "wrong credentials") otherwise. */
export async function authorizeCredentials(raw: unknown): Promise<(SessionUser & { id: string }) | null> {
  const parsed = Credentials.safeParse(raw);
  if (!parsed.success) return null;
  const user = await db.user.findUnique({ where: { email: parsed.data.email } });
  const valid = await verifyPassword(parsed.data.password, user?.passwordHash ?? (await getDummyHash()));
  // A deactivated user gets the same generic refusal as a wrong password.
  if (!user || !valid || !user.isActive) return null;
  return { id: user.id, userId: user.id, tenantId: user.tenantId, role: user.role, email: user.email, name: user.name, sessionVersion: user.sessionVersion };
}

export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: (credentials, request) => throttleSignIn({ email: credentials?.email, headers: request?.headers }, () => authorizeCredentials(credentials)),
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      const signedIn = user ? toSessionUser(user) : null;
      if (signedIn) {
        const { userId, tenantId, role, sessionVersion, sessionId, signedInAt } = newSessionClaims(signedIn);
        Object.assign(token, { userId, tenantId, role, sessionVersion, sessionId, signedInAt });
      }
      return token;
    },
    session({ session, token }) {
      const claims = toSessionClaims({ ...token, email: token.email ?? undefined });
      return { ...session, user: { ...session.user, ...claims } };
    },
  },
  events: {
    // Sign-out ends the session on the server too, not only the cookie in this browser.
    async signOut({ token }) {
      const claims = toSessionClaims(token);
      if (claims) await endSession(claims);
    },
  },
};

/**
 * The signed-in user in a server component or layout, as the database has it
 * now (role, active status), or null. Memoized per request: the layout and
 * the page share one lookup.
 */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const session = await getServerSession(authOptions);
  const claims = toSessionClaims(session?.user);
  return claims ? recheckSessionUser(claims) : null;
});

function parseCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    try {
      cookies[name] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      // A malformed cookie is simply not a session.
    }
  }
  return cookies;
}

/**
 * The session of an internal route's Request, read from the signed JWT cookie
 * only (an Authorization header, an API key, never counts as a session), then
 * re-checked against the user's row: role and active status as of now.
 */
export async function readRequestSession(request: Request): Promise<SessionUser | null> {
  const req = { cookies: parseCookies(request.headers.get("cookie")), headers: {} };
  const token = await getToken({ req: req as unknown as Parameters<typeof getToken>[0]["req"] });
  const claims = toSessionClaims(token);
  return claims ? recheckSessionUser(claims) : null;
}
