import type { Environment } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { lockCnpjPair } from "@/lib/certificates";
import { conflict, type DomainError } from "@/lib/errors";

// One company per CNPJ and environment within a tenant (issue 34 problem 9, narrowed by issue 49
// item 5): two companies of one account with one CNPJ would share the authority's numbering, and the
// account sees its own companies, so the 409 tells it nothing new. Across tenants companies of one
// CNPJ may coexist: creating one proves nothing, so it blocks no one and answers like any other
// creation (no oracle of which CNPJs are clients of the installation). The CNPJ is reserved by
// the first company that installs a certificate of its root (lib/certificates/cnpj-reservation.ts).

export function companyExists(cnpj: string, environment: Environment): DomainError {
  return conflict("company_exists", `A company of this account already has CNPJ ${cnpj} in ${environment}.`);
}

/**
 * In the caller's transaction: waits for any other transaction on this CNPJ and environment, then
 * throws 409 company_exists when another company of the same tenant (other than `companyId`) holds them.
 */
export async function assertCnpjAvailable(tx: DbClient, pair: { cnpj: string; environment: Environment; tenantId: string }, companyId?: string): Promise<void> {
  await lockCnpjPair(tx, pair.cnpj, pair.environment);
  const taken = await tx.company.findFirst({ where: { ...pair, ...(companyId && { id: { not: companyId } }) }, select: { id: true } });
  if (taken) throw companyExists(pair.cnpj, pair.environment);
}
