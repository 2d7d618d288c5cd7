import type { UserRole } from "./session-user";

// The dashboard's one role policy (issue 13 item 6). Every role reads the
// company's data. ADMIN and ACCOUNTANT change data and send events to the tax
// authority; SUPPORT changes no company data but runs the webhook operations
// that are its job (redeliver, re-dispatch, backfill, test event). Only ADMIN
// manages the tenant's users. Routes pass a role set to handleSession
// (`{ roles: ... }`, 403 forbidden_role); pages hide what `can` refuses.

export const ALL_ROLES = ["ADMIN", "ACCOUNTANT", "SUPPORT"] as const satisfies readonly UserRole[];

/** Change company data (registers, settings, certificates, API keys) and emit, cancel, correct, inutilize. */
export const WRITER_ROLES = ["ADMIN", "ACCOUNTANT"] as const satisfies readonly UserRole[];

/** Create, edit, reactivate, rotate the secret of, or delete a webhook endpoint. */
export const WEBHOOK_ADMIN_ROLES = ["ADMIN", "ACCOUNTANT"] as const satisfies readonly UserRole[];

/** Redeliver a delivery, re-dispatch a document's event, run a backfill, send a test event. */
export const WEBHOOK_OPERATOR_ROLES = ["ADMIN", "ACCOUNTANT", "SUPPORT"] as const satisfies readonly UserRole[];

/** Add users, change roles, deactivate and reactivate users of the tenant; edit tenant templates. */
export const TENANT_ADMIN_ROLES = ["ADMIN"] as const satisfies readonly UserRole[];

export const ROLE_POLICY = {
  "company-data.write": WRITER_ROLES,
  "webhook-endpoints.manage": WEBHOOK_ADMIN_ROLES,
  "webhook-deliveries.operate": WEBHOOK_OPERATOR_ROLES,
  "users.manage": TENANT_ADMIN_ROLES,
  // Account (tenant) API keys reach every company of the account (docs/api-notes/authentication.md).
  "account-keys.manage": TENANT_ADMIN_ROLES,
  // New companies of the account (dashboard wizard; /v1/companies with an account key).
  "companies.manage": TENANT_ADMIN_ROLES,
} as const satisfies Record<string, readonly UserRole[]>;

export type RoleAction = keyof typeof ROLE_POLICY;

/** Whether a role may perform an action; an unknown role may do nothing. */
export function can(role: string, action: RoleAction): boolean {
  return (ROLE_POLICY[action] as readonly string[]).includes(role);
}

export function canWrite(role: string): boolean {
  return can(role, "company-data.write");
}

export function canManageWebhookEndpoints(role: string): boolean {
  return can(role, "webhook-endpoints.manage");
}

export function canOperateWebhooks(role: string): boolean {
  return can(role, "webhook-deliveries.operate");
}

export function canManageUsers(role: string): boolean {
  return can(role, "users.manage");
}
