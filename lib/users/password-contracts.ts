import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { AddedUser, TemporaryPassword } from "./contracts";

// Passwords (issue 36 item 10; docs/api-notes/users-and-roles.md). A user
// changes their own with the current one; an ADMIN resets another user's to a
// generated temporary password shown once. Internal dashboard routes, not /v1.

/** A password a user chooses: the same length rules as a temporary password (10–200). */
export const NewPassword = TemporaryPassword;

export const ChangeOwnPasswordBody = z.object({
  currentPassword: z.string().min(1, "type your current password").max(200),
  newPassword: NewPassword,
});
export type ChangeOwnPasswordBody = z.input<typeof ChangeOwnPasswordBody>;

/** A reset answers like adding a user: the summary and the generated password, in this response only. */
export const ResetPasswordResult = AddedUser;
export type ResetPasswordResult = z.infer<typeof ResetPasswordResult>;

export const changeOwnPasswordContract = defineContract({
  method: "POST",
  path: "/api/dashboard/account/password",
  summary: "Change the signed-in user's password; every session of the user ends (sign in again with the new one)",
  tag: "Dashboard: users",
  scope: null,
  body: ChangeOwnPasswordBody,
  successStatus: 204,
  errorStatuses: [401, 422, 429],
});

export const resetPasswordContract = defineContract({
  method: "POST",
  path: "/api/dashboard/companies/{companyId}/users/{userId}/reset-password",
  summary: "Reset another user's password to a generated one (shown once); the user must change it at the next sign-in",
  tag: "Dashboard: users",
  scope: null,
  params: z.object({ userId: z.string().min(1).max(64) }),
  response: ResetPasswordResult,
  errorStatuses: [404, 422],
});
