import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { SignInThrottledError, throttleSignIn } from "@/lib/auth/sign-in-throttle";
import { db, type DbClient } from "@/lib/db/client";
import { DomainError, notFound, unprocessable } from "@/lib/errors";
import { generateTemporaryPassword } from "./add-user";
import { ChangeOwnPasswordBody, type ResetPasswordResult } from "./password-contracts";
import { toUserSummary, userSummarySelect } from "./user-summary";

/** The request's headers: the throttle below reads the client address from them as sign-in does. */
type HeaderBag = Parameters<typeof throttleSignIn>[0]["headers"];

// Issue 36 item 10. Either change bumps sessionVersion, so every session of
// the user signed before it is refused at its next request, in every process
// (lib/auth/session-check.ts) — the one that made the change too: the
// dashboard signs in again with the new password.

/**
 * The signed-in user replaces their password. The current one is checked
 * under the sign-in throttle (same slots per account and address), so this
 * form is no side door for guessing it.
 */
export async function changeOwnPassword(input: { userId: string; headers: HeaderBag; body: ChangeOwnPasswordBody }, client: DbClient = db): Promise<void> {
  const body = ChangeOwnPasswordBody.parse(input.body);
  const user = await client.user.findUnique({ where: { id: input.userId }, select: { id: true, email: true, passwordHash: true } });
  if (!user) throw notFound("User");
  if (body.newPassword === body.currentPassword || body.newPassword.trim().toLowerCase() === user.email) {
    throw unprocessable("password_not_allowed", "Choose a new password different from the current one and from your email.");
  }
  let verified: true | null;
  try {
    verified = await throttleSignIn({ email: user.email, headers: input.headers }, async () => ((await verifyPassword(body.currentPassword, user.passwordHash)) ? true : null));
  } catch (error) {
    if (error instanceof SignInThrottledError) {
      throw new DomainError(429, "rate_limited", "Too many wrong passwords; try again later.", { "Retry-After": String(error.retryAfterSeconds) });
    }
    throw error;
  }
  if (!verified) throw unprocessable("current_password_incorrect", "The current password is wrong.");
  const passwordHash = await hashPassword(body.newPassword);
  await client.user.update({ where: { id: user.id }, data: { passwordHash, mustChangePassword: false, sessionVersion: { increment: 1 } } });
}

/**
 * An ADMIN gives another user of the tenant a new generated password, shown
 * once; the user's sessions end and they must change it at the next sign-in.
 */
export async function resetUserPassword(input: { tenantId: string; userId: string; targetUserId: string }, client: DbClient = db): Promise<ResetPasswordResult> {
  if (input.targetUserId === input.userId) {
    throw unprocessable("cannot_reset_own_password", "You cannot reset your own password; change it on the password page.");
  }
  const user = await client.user.findFirst({ where: { id: input.targetUserId, tenantId: input.tenantId }, select: { id: true } });
  if (!user) throw notFound("User");
  const generatedPassword = generateTemporaryPassword();
  const passwordHash = await hashPassword(generatedPassword);
  const row = await client.user.update({
    where: { id: user.id },
    data: { passwordHash, mustChangePassword: true, sessionVersion: { increment: 1 } },
    select: userSummarySelect,
  });
  return { user: toUserSummary(row), generatedPassword };
}
