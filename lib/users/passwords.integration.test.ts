import { beforeAll, describe, expect, it } from "vitest";
import { POST as changePasswordRoute } from "@/app/api/dashboard/account/password/route";
import { POST as resetPasswordRoute } from "@/app/api/dashboard/companies/[companyId]/users/[userId]/reset-password/route";
import { GET as listRoute, POST as addRoute } from "@/app/api/dashboard/companies/[companyId]/users/route";
import { PEER_ADDRESS_HEADER } from "@/lib/api/client-address";
import { authorizeCredentials } from "@/lib/auth/session";
import { SIGN_IN_FAILURES_PER_ACCOUNT, SignInThrottledError, throttleSignIn } from "@/lib/auth/sign-in-throttle";
import { db } from "@/lib/db/client";
import { createTestCompany, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { sessionCookieOf, signedInUser } from "@/test/session";

// Issue 36 item 10: own change, ADMIN reset, forced change of a temporary
// password, every session ending on a change, the sign-in throttle.

process.env.NEXTAUTH_SECRET = "passwords-test-secret";

let company: TestCompany;
let stranger: TestCompany;
let admin: { userId: string; email: string; cookie: string };
const usersPath = () => `/api/dashboard/companies/${company.companyId}/users`;

beforeAll(async () => {
  company = await createTestCompany();
  stranger = await createTestCompany();
  admin = await signedInUser(company.tenantId, "ADMIN");
});

function changePassword(cookie: string, body: unknown, address = "127.0.0.21") {
  return call(changePasswordRoute, { method: "POST", path: "/api/dashboard/account/password", headers: { cookie, [PEER_ADDRESS_HEADER]: address }, body });
}

function resetPassword(cookie: string, userId: string, companyId = company.companyId) {
  return call(resetPasswordRoute, { method: "POST", path: `/api/dashboard/companies/${companyId}/users/${userId}/reset-password`, params: { companyId, userId }, headers: { cookie } });
}

function listUsers(cookie: string) {
  return call(listRoute, { path: usersPath(), params: { companyId: company.companyId }, headers: { cookie } });
}

/** Adds a user through the route; returns the id, email, generated password and a cookie of their session. */
async function addUserWithGeneratedPassword(role = "ADMIN") {
  const email = `temp-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const added = await call(addRoute, { method: "POST", path: usersPath(), params: { companyId: company.companyId }, headers: { cookie: admin.cookie }, body: { email, role } });
  expect(added.status).toBe(201);
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  const { cookie } = await sessionCookieOf({ userId: user.id, tenantId: company.tenantId, role: user.role, sessionVersion: user.sessionVersion });
  return { userId: user.id, email, password: added.body.generatedPassword as string, cookie };
}

describe("a temporary password", () => {
  it("opens only the password change until the user picks their own; the change ends every session of the user", async () => {
    const user = await addUserWithGeneratedPassword();
    const secondBrowser = await sessionCookieOf({ userId: user.userId, tenantId: company.tenantId, role: "ADMIN", sessionVersion: 0 });
    expect(await authorizeCredentials({ email: user.email, password: user.password })).toMatchObject({ userId: user.userId });

    const blocked = await listUsers(user.cookie);
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ statusCode: 403, code: "password_change_required" });
    const summary = (await listUsers(admin.cookie)).body.data.find((u: { id: string }) => u.id === user.userId);
    expect(summary).toMatchObject({ mustChangePassword: true });

    const wrong = await changePassword(user.cookie, { currentPassword: "not-the-password", newPassword: "my own password 1" });
    expect(wrong).toMatchObject({ status: 422, body: { code: "current_password_incorrect" } });
    const same = await changePassword(user.cookie, { currentPassword: user.password, newPassword: user.password });
    expect(same).toMatchObject({ status: 422, body: { code: "password_not_allowed" } });
    const asEmail = await changePassword(user.cookie, { currentPassword: user.password, newPassword: user.email.toUpperCase() });
    expect(asEmail).toMatchObject({ status: 422, body: { code: "password_not_allowed" } });
    const short = await changePassword(user.cookie, { currentPassword: user.password, newPassword: "short" });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe("validation_error");
    expect(short.body.message).toContain("newPassword");
    // Nothing changed by the refusals.
    expect(await db.user.findUniqueOrThrow({ where: { id: user.userId } })).toMatchObject({ mustChangePassword: true, sessionVersion: 0 });

    const changed = await changePassword(user.cookie, { currentPassword: user.password, newPassword: "my own password 1" });
    expect(changed.status).toBe(204);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.userId } })).toMatchObject({ mustChangePassword: false, sessionVersion: 1 });
    // Both sessions signed before the change are over: this one and the other browser's.
    for (const cookie of [user.cookie, secondBrowser.cookie]) {
      expect((await listUsers(cookie)).body).toMatchObject({ statusCode: 401, code: "session_required" });
      expect((await changePassword(cookie, { currentPassword: "my own password 1", newPassword: "another password 2" })).status).toBe(401);
    }
    expect(await authorizeCredentials({ email: user.email, password: user.password })).toBeNull();
    const signedIn = await authorizeCredentials({ email: user.email, password: "my own password 1" });
    expect(signedIn).toMatchObject({ userId: user.userId, sessionVersion: 1 });
    const fresh = await sessionCookieOf({ userId: user.userId, tenantId: company.tenantId, role: "ADMIN", sessionVersion: 1 });
    expect((await listUsers(fresh.cookie)).status).toBe(200);
  });

  it("a user who signed up without one (CLI) changes theirs the same way, without being forced to", async () => {
    const user = await signedInUser(company.tenantId, "SUPPORT");
    expect((await call(listRoute, { path: usersPath(), params: { companyId: company.companyId }, headers: { cookie: user.cookie } })).body.code).toBe("forbidden_role");
    const changed = await changePassword(user.cookie, { currentPassword: "correct horse battery", newPassword: "a brand new secret" });
    expect(changed.status).toBe(204);
    expect(await authorizeCredentials({ email: user.email, password: "a brand new secret" })).toMatchObject({ userId: user.userId });
  });
});

describe("the current password is checked under the sign-in throttle", () => {
  it("refuses with 429 rate_limited after the account's failures, before checking, even with the right password", async () => {
    const user = await signedInUser(company.tenantId, "ACCOUNTANT");
    for (let attempt = 0; attempt < SIGN_IN_FAILURES_PER_ACCOUNT; attempt++) {
      const wrong = await changePassword(user.cookie, { currentPassword: `wrong-${attempt}`, newPassword: "a brand new secret" }, "127.0.0.22");
      expect(wrong.status).toBe(422);
    }
    const throttled = await changePassword(user.cookie, { currentPassword: "correct horse battery", newPassword: "a brand new secret" }, "127.0.0.22");
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ statusCode: 429, code: "rate_limited" });
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    // Sign-in shares the slots: the same account is refused there too, from another address.
    await expect(throttleSignIn({ email: user.email, headers: { [PEER_ADDRESS_HEADER]: "127.0.0.23" } }, async () => true)).rejects.toBeInstanceOf(SignInThrottledError);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.userId } })).toMatchObject({ sessionVersion: 0 });
  });
});

describe("an ADMIN resets another user's password", () => {
  it("generates one shown once, ends the user's sessions and forces a change at the next sign-in", async () => {
    const target = await signedInUser(company.tenantId, "ACCOUNTANT");
    const reset = await resetPassword(admin.cookie, target.userId);
    expect(reset.status).toBe(200);
    expect(reset.body.user).toMatchObject({ id: target.userId, mustChangePassword: true });
    expect(reset.body.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(JSON.stringify(reset.body)).not.toContain("passwordHash");
    expect((await listUsers(target.cookie)).body.code).toBe("session_required");
    expect(await authorizeCredentials({ email: target.email, password: "correct horse battery" })).toBeNull();
    expect(await authorizeCredentials({ email: target.email, password: reset.body.generatedPassword })).toMatchObject({ userId: target.userId, sessionVersion: 1 });
    const next = await sessionCookieOf({ userId: target.userId, tenantId: company.tenantId, role: "ACCOUNTANT", sessionVersion: 1 });
    expect((await listUsers(next.cookie)).body.code).toBe("password_change_required");
  });

  it("refuses their own, non-ADMINs, and another tenant's user (404)", async () => {
    expect(await resetPassword(admin.cookie, admin.userId)).toMatchObject({ status: 422, body: { code: "cannot_reset_own_password" } });
    const accountant = await signedInUser(company.tenantId, "ACCOUNTANT");
    expect(await resetPassword(accountant.cookie, admin.userId)).toMatchObject({ status: 403, body: { code: "forbidden_role" } });
    const foreign = await signedInUser(stranger.tenantId, "SUPPORT");
    expect(await resetPassword(admin.cookie, foreign.userId)).toMatchObject({ status: 404, body: { code: "not_found" } });
    expect(await db.user.findUniqueOrThrow({ where: { id: foreign.userId } })).toMatchObject({ mustChangePassword: false, sessionVersion: 0 });
  });
});
