import { randomUUID } from "node:crypto";
import { encode, type JWT } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { GET as listKeysRoute } from "@/app/api/dashboard/companies/[companyId]/api-keys/route";
import { createUser } from "@/lib/users/create-user";
import { createTestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { authOptions, authorizeCredentials, readRequestSession } from "./session";
import { SESSION_MAX_AGE_SECONDS } from "./session-user";

// Issue 34 problem 11: signing out ends the session on the server, not only in the browser.
process.env.NEXTAUTH_SECRET = "sign-out-test-secret";

/** What next-auth does at sign-in: authorize, then the jwt callback on an empty token, then the signed cookie. */
async function signIn(email: string): Promise<{ token: JWT; cookie: string }> {
  const user = await authorizeCredentials({ email, password: "correct horse battery" });
  if (!user) throw new Error("sign-in failed");
  const token = await authOptions.callbacks!.jwt!({ token: { email: user.email, sub: user.id }, user, account: null });
  return { token, cookie: `next-auth.session-token=${await encode({ token, secret: process.env.NEXTAUTH_SECRET! })}` };
}

const sessionOf = (cookie: string) => readRequestSession(new Request("http://localhost/x", { headers: { cookie } }));
/** What next-auth's sign-out route does with the cookie's token before clearing it. */
const signOut = (token: JWT) => authOptions.events!.signOut!({ token, session: undefined as never });

async function newUser() {
  const company = await createTestCompany();
  const email = `sign-out-${randomUUID()}@example.com`;
  await createUser({ email, password: "correct horse battery", tenantId: company.tenantId, role: "ADMIN" });
  return { company, email };
}

describe("sign-out", () => {
  it("makes the signed-out cookie worthless at once; the user's other sessions go on", async () => {
    const { company, email } = await newUser();
    const laptop = await signIn(email);
    const office = await signIn(email);
    expect(laptop.token.sessionId).not.toBe(office.token.sessionId);
    expect(await sessionOf(laptop.cookie)).toMatchObject({ tenantId: company.tenantId, role: "ADMIN" });

    await signOut(laptop.token);
    expect(await sessionOf(laptop.cookie)).toBeNull();
    const refused = await call(listKeysRoute, { path: `/api/dashboard/companies/${company.companyId}/api-keys`, params: { companyId: company.companyId }, headers: { cookie: laptop.cookie } });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: "session_required" });

    expect(await sessionOf(office.cookie)).toMatchObject({ tenantId: company.tenantId });
    const listed = await call(listKeysRoute, { path: `/api/dashboard/companies/${company.companyId}/api-keys`, params: { companyId: company.companyId }, headers: { cookie: office.cookie } });
    expect(listed.status).toBe(200);
    // Signing out twice (two tabs) is harmless.
    await signOut(laptop.token);
  });

  it("a cookie without a session id (signed before sessions had one) is not a session", async () => {
    const { email } = await newUser();
    const { token } = await signIn(email);
    const { sessionId: _sessionId, ...withoutId } = token;
    const cookie = `next-auth.session-token=${await encode({ token: withoutId, secret: process.env.NEXTAUTH_SECRET! })}`;
    expect(await sessionOf(cookie)).toBeNull();
  });

  it("a session older than its lifetime is refused even when its JWT was renewed", async () => {
    const { email } = await newUser();
    const { token } = await signIn(email);
    const old = { ...token, signedInAt: Math.floor(Date.now() / 1000) - SESSION_MAX_AGE_SECONDS - 1 };
    expect(await sessionOf(`next-auth.session-token=${await encode({ token: old, secret: process.env.NEXTAUTH_SECRET! })}`)).toBeNull();
  });
});
