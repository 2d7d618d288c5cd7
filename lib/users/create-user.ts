import { z } from "zod";
import { parseWith } from "@/lib/contracts/parse-input";
import { hashPassword } from "@/lib/auth/passwords";
import { db, type DbClient } from "@/lib/db/client";

export const CreateUserInput = z.object({
  email: z.string().trim().toLowerCase().email(),
  password: z.string().min(8, "must have at least 8 characters").max(200),
  name: z.string().trim().max(120).optional(),
  tenantId: z.string().min(1),
  role: z.enum(["ADMIN", "ACCOUNTANT", "SUPPORT"]),
});
export type CreateUserInput = z.input<typeof CreateUserInput>;

export async function createUser(input: CreateUserInput, client: DbClient = db) {
  const data = parseWith(CreateUserInput, input, "user");
  const tenant = await client.tenant.findUnique({ where: { id: data.tenantId } });
  if (!tenant) throw new Error(`Tenant ${data.tenantId} not found`);
  const user = await client.user.create({
    data: { email: data.email, name: data.name ?? null, tenantId: data.tenantId, role: data.role, passwordHash: await hashPassword(data.password) },
  });
  return { id: user.id, email: user.email, tenantId: user.tenantId, role: user.role };
}
