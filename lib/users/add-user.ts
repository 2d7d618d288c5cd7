import { randomBytes } from "node:crypto";
import { Prisma } from "@prisma/client";
import { hashPassword } from "@/lib/auth/passwords";
import { db, type DbClient } from "@/lib/db/client";
import { unprocessable } from "@/lib/errors";
import { AddUserBody, type AddedUser } from "./contracts";
import { toUserSummary, userSummarySelect } from "./user-summary";

/** 18 random bytes as base64url: 24 characters, 144 bits, easy to paste. */
export function generateTemporaryPassword(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * Adds a user to the tenant. Emails are unique across tenants (they are the
 * sign-in name), so an email in use anywhere is 422 email_taken without
 * saying where.
 */
export async function addTenantUser(input: { tenantId: string; body: AddUserBody }, client: DbClient = db): Promise<AddedUser> {
  const body = AddUserBody.parse(input.body);
  const generatedPassword = body.password === undefined ? generateTemporaryPassword() : null;
  const passwordHash = await hashPassword(body.password ?? generatedPassword!);
  try {
    const row = await client.user.create({
      // Generated or typed by the admin, it is temporary: the user picks their own at the first sign-in.
      data: { tenantId: input.tenantId, email: body.email, name: body.name || null, role: body.role, passwordHash, mustChangePassword: true },
      select: userSummarySelect,
    });
    return { user: toUserSummary(row), generatedPassword };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw unprocessable("email_taken", `A user with the email ${body.email} already exists.`);
    }
    throw error;
  }
}
