import type { Environment } from "@prisma/client";
import { db, type DbClient } from "@/lib/db/client";
import { withTransaction } from "@/lib/db/with-transaction";
import { parseWith } from "@/lib/api/read-input";
import { conflict } from "@/lib/errors";
import { CreateCompanyInput } from "./schemas";

// One company per CNPJ and environment across the installation (issue 34
// problem 9): two companies with one CNPJ share the authority's numbering, so
// the second one's documents collide with the first's. The unique index
// "Company_cnpj_environment_key" enforces it where the migration could create
// it; where existing duplicates kept it from being created (they are reported,
// never deleted), this check under a per-CNPJ advisory lock still refuses every
// new one. The message names no other tenant.

function companyExists(cnpj: string, environment: Environment) {
  return conflict("company_exists", `A company with CNPJ ${cnpj} already exists in ${environment} in this installation.`);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/** Creates a company (and a tenant for it when none is given) with its numbering series; 409 company_exists when its CNPJ is taken in that environment. */
export async function createCompany(input: CreateCompanyInput, client: DbClient = db) {
  const data = parseWith(CreateCompanyInput, input, "company");
  try {
    return await withTransaction(client, async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`company:${data.cnpj}:${data.environment}`}))`;
      const taken = await tx.company.findFirst({ where: { cnpj: data.cnpj, environment: data.environment }, select: { id: true } });
      if (taken) throw companyExists(data.cnpj, data.environment);
      const tenantId = data.tenantId ?? (await tx.tenant.create({ data: { name: data.legalName } })).id;
      const tenant = await tx.tenant.findUnique({ where: { id: tenantId } });
      if (!tenant) throw new Error(`Tenant ${tenantId} not found`);
      return tx.company.create({
        data: {
          tenantId,
          legalName: data.legalName,
          tradeName: data.tradeName ?? null,
          cnpj: data.cnpj,
          state: data.state,
          municipalityCode: data.municipalityCode,
          taxRegime: data.taxRegime,
          environment: data.environment,
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw companyExists(data.cnpj, data.environment);
    throw error;
  }
}
