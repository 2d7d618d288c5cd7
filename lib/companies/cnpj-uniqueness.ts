import type { Environment } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { conflict, type DomainError } from "@/lib/errors";

// One company per CNPJ and environment across the installation (issue 34
// problem 9): two companies with one CNPJ share the authority's numbering, so
// the second one's documents collide with the first's. The unique index
// "Company_cnpj_environment_key" enforces it where the migration could create
// it; where existing duplicates kept it from being created (they are reported,
// never deleted), this check under a per-CNPJ advisory lock still refuses every
// new one, on creation and on a change of CNPJ or environment. The message
// names no other tenant.

export function companyExists(cnpj: string, environment: Environment): DomainError {
  return conflict("company_exists", `A company with CNPJ ${cnpj} already exists in ${environment} in this installation.`);
}

/** A unique violation (Prisma's P2002) of the index, raced past the check. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/**
 * In the caller's transaction: waits for any other transaction claiming this
 * CNPJ and environment, then throws 409 company_exists when a company other
 * than `companyId` holds them.
 */
export async function assertCnpjAvailable(tx: DbClient, cnpj: string, environment: Environment, companyId?: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`company:${cnpj}:${environment}`}))`;
  const taken = await tx.company.findFirst({ where: { cnpj, environment, ...(companyId && { id: { not: companyId } }) }, select: { id: true } });
  if (taken) throw companyExists(cnpj, environment);
}
