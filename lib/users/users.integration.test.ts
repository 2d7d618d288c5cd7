import { beforeAll, describe, expect, it } from "vitest";
import { POST as createKeyRoute } from "@/app/api/dashboard/companies/[companyId]/api-keys/route";
import { POST as deactivateRoute } from "@/app/api/dashboard/companies/[companyId]/users/[userId]/deactivate/route";
import { POST as reactivateRoute } from "@/app/api/dashboard/companies/[companyId]/users/[userId]/reactivate/route";
import { PATCH as changeRoleRoute } from "@/app/api/dashboard/companies/[companyId]/users/[userId]/route";
import { GET as listRoute, POST as addRoute } from "@/app/api/dashboard/companies/[companyId]/users/route";
import { authorizeCredentials } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { createTestCompany, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { sessionCookieOf, signedInUser } from "@/test/session";
import { changeUserRole, deactivateUser } from "./change-user-access";

process.env.NEXTAUTH_SECRET = "users-and-roles-test-secret";

let company: TestCompany;
let stranger: TestCompany;
let admin: { userId: string; email: string; cookie: string };
const usersPath = (companyId: string) => `/api/dashboard/companies/${companyId}/users`;
const asAdmin = () => ({ cookie: admin.cookie });

beforeAll(async () => {
  company = await createTestCompany();
  stranger = await createTestCompany();
  admin = await signedInUser(company.tenantId, "ADMIN");
});

async function addUser(body: Record<string, unknown>, headers = asAdmin()) {
  return call(addRoute, { method: "POST", path: usersPath(company.companyId), params: { companyId: company.companyId }, headers, body });
}

async function userRoute(handler: typeof changeRoleRoute, userId: string, body?: unknown, headers = asAdmin(), method = "POST") {
  return call(handler, { method, path: `${usersPath(company.companyId)}/${userId}`, params: { companyId: company.companyId, userId }, headers, body });
}

async function createKeyAs(headers: { cookie: string }) {
  return call(createKeyRoute, { method: "POST", path: `/api/dashboard/companies/${company.companyId}/api-keys`, params: { companyId: company.companyId }, headers, body: { name: "erp", scopes: ["clients:read"] } });
}

describe("adding users", () => {
  it("generates a temporary password shown once, or takes the admin's, and the user can sign in with it", async () => {
    const generated = await addUser({ email: "  New.Support@Example.com ", role: "SUPPORT" });
    expect(generated.status).toBe(201);
    expect(generated.body.user).toMatchObject({ email: "new.support@example.com", role: "SUPPORT", isActive: true, activeApiKeys: 0 });
    expect(generated.body.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await authorizeCredentials({ email: "new.support@example.com", password: generated.body.generatedPassword })).toMatchObject({ role: "SUPPORT", tenantId: company.tenantId });

    const chosen = await addUser({ email: "chosen@example.com", role: "ACCOUNTANT", password: "temporary-123" });
    expect(chosen.status).toBe(201);
    expect(chosen.body.generatedPassword).toBeNull();
    expect(await authorizeCredentials({ email: "chosen@example.com", password: "temporary-123" })).toMatchObject({ role: "ACCOUNTANT" });

    const list = await call(listRoute, { path: usersPath(company.companyId), params: { companyId: company.companyId }, headers: asAdmin() });
    expect(list.status).toBe(200);
    expect(list.body.data.map((u: { email: string }) => u.email)).toEqual(expect.arrayContaining([admin.email, "new.support@example.com", "chosen@example.com"]));
    expect(JSON.stringify(list.body)).not.toContain("passwordHash");
  });

  it("refuses a taken email (any tenant), a short password, a bad role, and non-ADMIN callers", async () => {
    const other = await signedInUser(stranger.tenantId, "SUPPORT");
    const taken = await addUser({ email: other.email.toUpperCase(), role: "SUPPORT" });
    expect(taken.status).toBe(422);
    expect(taken.body.code).toBe("email_taken");
    const short = await addUser({ email: "short@example.com", role: "SUPPORT", password: "abc" });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain("body.password");
    const badRole = await addUser({ email: "x@example.com", role: "OWNER" });
    expect(badRole.status).toBe(400);
    for (const role of ["ACCOUNTANT", "SUPPORT"] as const) {
      const caller = await signedInUser(company.tenantId, role);
      const refused = await addUser({ email: `by-${role}@example.com`, role: "ADMIN" }, { cookie: caller.cookie });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("forbidden_role");
      const listed = await call(listRoute, { path: usersPath(company.companyId), params: { companyId: company.companyId }, headers: { cookie: caller.cookie } });
      expect(listed.status).toBe(403);
    }
  });

  it("treats another tenant's user as not found", async () => {
    const foreign = await signedInUser(stranger.tenantId, "ACCOUNTANT");
    const res = await userRoute(changeRoleRoute, foreign.userId, { role: "SUPPORT" }, asAdmin(), "PATCH");
    expect(res.status).toBe(404);
    expect((await db.user.findUniqueOrThrow({ where: { id: foreign.userId } })).role).toBe("ACCOUNTANT");
  });
});

describe("the last active ADMIN", () => {
  it("cannot be demoted, and nobody can deactivate themselves", async () => {
    const solo = await createTestCompany();
    const only = await signedInUser(solo.tenantId, "ADMIN");
    await expect(changeUserRole({ tenantId: solo.tenantId, userId: only.userId, targetUserId: only.userId, body: { role: "ACCOUNTANT" } })).rejects.toMatchObject({ status: 422, code: "last_active_admin" });
    await expect(deactivateUser({ tenantId: solo.tenantId, userId: only.userId, targetUserId: only.userId })).rejects.toMatchObject({ status: 422, code: "cannot_deactivate_self" });

    // A second ADMIN makes the demotion possible; then the one left is protected again.
    const second = await signedInUser(solo.tenantId, "ADMIN");
    await expect(changeUserRole({ tenantId: solo.tenantId, userId: second.userId, targetUserId: only.userId, body: { role: "SUPPORT" } })).resolves.toMatchObject({ role: "SUPPORT" });
    await expect(changeUserRole({ tenantId: solo.tenantId, userId: second.userId, targetUserId: second.userId, body: { role: "ACCOUNTANT" } })).rejects.toMatchObject({ code: "last_active_admin" });
    // A deactivated ADMIN does not count as an active one.
    const dormant = await signedInUser(solo.tenantId, "ADMIN");
    await deactivateUser({ tenantId: solo.tenantId, userId: second.userId, targetUserId: dormant.userId });
    await expect(changeUserRole({ tenantId: solo.tenantId, userId: second.userId, targetUserId: second.userId, body: { role: "ACCOUNTANT" } })).rejects.toMatchObject({ code: "last_active_admin" });
  });

  it("survives two ADMINs removing each other at the same moment: exactly one change wins", async () => {
    for (const action of ["demote", "deactivate"] as const) {
      const pair = await createTestCompany();
      const a = await signedInUser(pair.tenantId, "ADMIN");
      const b = await signedInUser(pair.tenantId, "ADMIN");
      const remove = (actor: string, target: string) =>
        action === "demote"
          ? changeUserRole({ tenantId: pair.tenantId, userId: actor, targetUserId: target, body: { role: "SUPPORT" } })
          : deactivateUser({ tenantId: pair.tenantId, userId: actor, targetUserId: target });
      const results = await Promise.allSettled([remove(a.userId, b.userId), remove(b.userId, a.userId)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const failure = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(failure.reason).toMatchObject({ code: "last_active_admin" });
      expect(await db.user.count({ where: { tenantId: pair.tenantId, role: "ADMIN", isActive: true } })).toBe(1);
    }
  });

  it("is refused through the routes with the spec's error object", async () => {
    const res = await userRoute(changeRoleRoute, admin.userId, { role: "SUPPORT" }, asAdmin(), "PATCH");
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ statusCode: 422, error: "Unprocessable Entity", code: "last_active_admin" });
    const self = await userRoute(deactivateRoute, admin.userId);
    expect(self.body.code).toBe("cannot_deactivate_self");
  });
});

describe("sessions are re-checked on every request", () => {
  it("applies a demotion and a promotion at the next request, with the same cookie", async () => {
    const user = await signedInUser(company.tenantId, "ACCOUNTANT");
    expect((await createKeyAs(user)).status).toBe(201);
    expect((await userRoute(changeRoleRoute, user.userId, { role: "SUPPORT" }, asAdmin(), "PATCH")).status).toBe(200);
    const demoted = await createKeyAs(user);
    expect(demoted.status).toBe(403);
    expect(demoted.body.code).toBe("forbidden_role");
    expect(demoted.body.message).toContain("SUPPORT");
    await userRoute(changeRoleRoute, user.userId, { role: "ACCOUNTANT" }, asAdmin(), "PATCH");
    expect((await createKeyAs(user)).status).toBe(201);
  });

  it("refuses a deactivated user at the next request and at sign-in; reactivation needs a new sign-in", async () => {
    const added = await addUser({ email: "leaver@example.com", role: "ACCOUNTANT", password: "leaver-password" });
    expect(added.body.user.mustChangePassword).toBe(true);
    // As after their first password change (lib/users/passwords.integration.test.ts covers the change itself).
    await db.user.update({ where: { id: added.body.user.id }, data: { mustChangePassword: false } });
    const claims = await authorizeCredentials({ email: "leaver@example.com", password: "leaver-password" });
    const old = await sessionCookieOf(claims!);
    expect((await createKeyAs(old)).status).toBe(201);

    const deactivated = await userRoute(deactivateRoute, added.body.user.id);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ isActive: false, deactivatedAt: expect.any(String) });
    const refused = await createKeyAs(old);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("session_required");
    expect(await authorizeCredentials({ email: "leaver@example.com", password: "leaver-password" })).toBeNull();

    expect((await userRoute(reactivateRoute, added.body.user.id)).body.isActive).toBe(true);
    // The cookie signed before the deactivation stays dead; a new sign-in works.
    expect((await createKeyAs(old)).status).toBe(401);
    const again = await authorizeCredentials({ email: "leaver@example.com", password: "leaver-password" });
    expect(again?.sessionVersion).toBe(1);
    expect((await createKeyAs(await sessionCookieOf(again!))).status).toBe(201);
  });

  it("refuses a deleted user, and takes role and tenant from the database, not the cookie", async () => {
    const user = await signedInUser(company.tenantId, "SUPPORT");
    const forged = await sessionCookieOf({ userId: user.userId, tenantId: company.tenantId, role: "ADMIN" });
    expect((await createKeyAs(forged)).status).toBe(403);
    await db.user.delete({ where: { id: user.userId } });
    expect((await createKeyAs(forged)).status).toBe(401);
  });
});

describe("API keys of a removed user", () => {
  it("keep working after the creator is deactivated or deleted, unless the admin revokes them with the deactivation", async () => {
    const creator = await signedInUser(company.tenantId, "ACCOUNTANT");
    const kept = await createKeyAs(creator);
    const revokedLater = await createKeyAs(creator);
    const authenticate = async (key: string) => (await import("@/lib/auth/api-keys")).authenticateApiKey(`Bearer ${key}`);

    const listed = await call(listRoute, { path: usersPath(company.companyId), params: { companyId: company.companyId }, headers: asAdmin() });
    expect(listed.body.data.find((u: { id: string }) => u.id === creator.userId).activeApiKeys).toBe(2);

    await userRoute(deactivateRoute, creator.userId, { revokeApiKeys: false });
    await expect(authenticate(kept.body.key)).resolves.toMatchObject({ companyId: company.companyId });
    expect((await createKeyAs(creator)).status).toBe(401);
    const keyRows = await db.apiKey.findMany({ where: { createdByUserId: creator.userId } });
    expect(keyRows).toHaveLength(2);

    // Deactivating again with revokeApiKeys revokes what they created, and only that.
    await db.apiKey.update({ where: { id: kept.body.id }, data: { createdByUserId: null } });
    const second = await userRoute(deactivateRoute, creator.userId, { revokeApiKeys: true });
    expect(second.body.activeApiKeys).toBe(0);
    await expect(authenticate(revokedLater.body.key)).rejects.toMatchObject({ code: "invalid_api_key" });
    await expect(authenticate(kept.body.key)).resolves.toBeTruthy();

    // Deleting the user keeps the company's key and forgets the creator.
    const other = await signedInUser(company.tenantId, "ADMIN");
    const survivor = await createKeyAs(other);
    await db.user.delete({ where: { id: other.userId } });
    await expect(authenticate(survivor.body.key)).resolves.toBeTruthy();
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: survivor.body.id } })).createdByUserId).toBeNull();
  });
});
