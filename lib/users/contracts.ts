import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { UserRoleSchema } from "@/lib/auth/session-user";

// Internal dashboard routes for the tenant's users (handleSession, ADMIN
// only). Users belong to the tenant, not to one company: the routes sit under
// any company of the tenant, like tenant templates. The same schemas validate
// the routes and the dashboard forms; they are not part of /v1.

export const PASSWORD_MIN_LENGTH = 10;

export const TemporaryPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must have at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, "must have at most 200 characters");

export const AddUserBody = z.object({
  email: z.string().trim().toLowerCase().max(254).email("type a valid email address"),
  name: z.string().trim().max(120).optional(),
  role: UserRoleSchema,
  /** A temporary password chosen by the admin; omitted, one is generated and returned once. */
  password: TemporaryPassword.optional(),
});
export type AddUserBody = z.input<typeof AddUserBody>;

export const ChangeRoleBody = z.object({ role: UserRoleSchema });
export type ChangeRoleBody = z.input<typeof ChangeRoleBody>;

export const DeactivateUserBody = z.object({
  /** Also revoke the API keys this user created (default: keys keep working, they are the company's). */
  revokeApiKeys: z.boolean().default(false),
});
export type DeactivateUserBody = z.input<typeof DeactivateUserBody>;

export const UserSummary = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: UserRoleSchema,
  isActive: z.boolean(),
  /** Signs in with a temporary password (new user, reset) and must choose their own first. */
  mustChangePassword: z.boolean(),
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Unrevoked API keys this user created, across the tenant's companies. */
  activeApiKeys: z.number().int(),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const AddedUser = z.object({
  user: UserSummary,
  /** The generated temporary password, in this response only; null when the admin chose it. */
  generatedPassword: z.string().nullable(),
});
export type AddedUser = z.infer<typeof AddedUser>;

const base = "/api/dashboard/companies/{companyId}/users";
const tag = "Dashboard: users";
const userParams = z.object({ userId: z.string().min(1).max(64) });

export const listUsersContract = defineContract({
  method: "GET",
  path: base,
  summary: "List the tenant's users with role and status",
  tag,
  scope: null,
  response: z.object({ data: z.array(UserSummary) }),
});

export const addUserContract = defineContract({
  method: "POST",
  path: base,
  summary: "Add a user to the tenant; a generated password is in this response only",
  tag,
  scope: null,
  body: AddUserBody,
  response: AddedUser,
  successStatus: 201,
  errorStatuses: [422],
});

export const changeRoleContract = defineContract({
  method: "PATCH",
  path: `${base}/{userId}`,
  summary: "Change a user's role; applies at the user's next request",
  tag,
  scope: null,
  params: userParams,
  body: ChangeRoleBody,
  response: UserSummary,
  errorStatuses: [404, 422],
});

export const deactivateUserContract = defineContract({
  method: "POST",
  path: `${base}/{userId}/deactivate`,
  summary: "Deactivate a user; their sessions are refused at the next request",
  tag,
  scope: null,
  params: userParams,
  body: DeactivateUserBody,
  bodyOptional: true,
  response: UserSummary,
  errorStatuses: [404, 422],
});

export const reactivateUserContract = defineContract({
  method: "POST",
  path: `${base}/{userId}/reactivate`,
  summary: "Reactivate a user; they sign in again (earlier sessions stay ended)",
  tag,
  scope: null,
  params: userParams,
  response: UserSummary,
  errorStatuses: [404],
});
