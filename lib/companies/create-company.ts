import { db, type DbClient } from "@/lib/db/client";
import { withTransaction } from "@/lib/db/with-transaction";
import { parseWith } from "@/lib/contracts/parse-input";
import { assertCnpjAvailable, companyExists, isUniqueViolation } from "./cnpj-uniqueness";
import { CreateCompanyInput } from "./schemas";

/** Creates a company (and a tenant for it when none is given) with its numbering series; 409 company_exists when its CNPJ is taken in that environment. */
export async function createCompany(input: CreateCompanyInput, client: DbClient = db) {
  const data = parseWith(CreateCompanyInput, input, "company");
  try {
    return await withTransaction(client, async (tx) => {
      await assertCnpjAvailable(tx, data.cnpj, data.environment);
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
