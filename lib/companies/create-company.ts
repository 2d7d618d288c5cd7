import { db, type DbClient } from "@/lib/db/client";
import { withTransaction } from "@/lib/db/with-transaction";
import { parseWith } from "@/lib/contracts/parse-input";
import { assertCnpjAvailable } from "./cnpj-uniqueness";
import { CreateCompanyInput } from "./schemas";

/**
 * Creates a company (and a tenant for it when none is given) with its numbering series; 409
 * company_exists when another company of the same tenant has its CNPJ in that environment. Another
 * tenant's company of that CNPJ does not block it (it reserves the CNPJ only with a certificate).
 */
export async function createCompany(input: CreateCompanyInput, client: DbClient = db) {
  const data = parseWith(CreateCompanyInput, input, "company");
  return withTransaction(client, async (tx) => {
    const tenantId = data.tenantId ?? (await tx.tenant.create({ data: { name: data.legalName } })).id;
    const tenant = await tx.tenant.findUnique({ where: { id: tenantId } });
    if (!tenant) throw new Error(`Tenant ${tenantId} not found`);
    await assertCnpjAvailable(tx, { cnpj: data.cnpj, environment: data.environment, tenantId });
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
}
