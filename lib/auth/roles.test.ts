import { describe, expect, it } from "vitest";
import { ALL_ROLES, can, canManageUsers, canManageWebhookEndpoints, canOperateWebhooks, canWrite, ROLE_POLICY, type RoleAction } from "./roles";

// The expected matrix, written out by hand so a change to the policy is a
// deliberate change to this table too.
const EXPECTED: Record<RoleAction, Record<(typeof ALL_ROLES)[number], boolean>> = {
  "company-data.write": { ADMIN: true, ACCOUNTANT: true, SUPPORT: false },
  "webhook-endpoints.manage": { ADMIN: true, ACCOUNTANT: true, SUPPORT: false },
  "webhook-deliveries.operate": { ADMIN: true, ACCOUNTANT: true, SUPPORT: true },
  "users.manage": { ADMIN: true, ACCOUNTANT: false, SUPPORT: false },
  "account-keys.manage": { ADMIN: true, ACCOUNTANT: false, SUPPORT: false },
  "companies.manage": { ADMIN: true, ACCOUNTANT: false, SUPPORT: false },
};

describe("role policy", () => {
  it("matches the issue's matrix for every role and action", () => {
    expect(Object.keys(ROLE_POLICY).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const [action, byRole] of Object.entries(EXPECTED) as [RoleAction, Record<string, boolean>][]) {
      for (const role of ALL_ROLES) expect({ action, role, allowed: can(role, action) }).toEqual({ action, role, allowed: byRole[role] });
    }
  });

  it("lets SUPPORT run webhook operations but not manage endpoints or change company data", () => {
    expect(canOperateWebhooks("SUPPORT")).toBe(true);
    expect(canManageWebhookEndpoints("SUPPORT")).toBe(false);
    expect(canWrite("SUPPORT")).toBe(false);
    expect(canManageUsers("SUPPORT")).toBe(false);
  });

  it("keeps user management to ADMIN", () => {
    expect(canManageUsers("ADMIN")).toBe(true);
    expect(canManageUsers("ACCOUNTANT")).toBe(false);
  });

  it("refuses unknown or differently-cased roles everything", () => {
    for (const role of ["", "admin", "OWNER", "SUPPORT "]) {
      for (const action of Object.keys(ROLE_POLICY) as RoleAction[]) expect(can(role, action)).toBe(false);
    }
  });
});
