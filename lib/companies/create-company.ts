import { db, type DbClient } from "@/lib/db/client";
import { parseWith } from "@/lib/api/read-input";
import { CreateCompanyInput } from "./schemas";

/** Creates a company (and a tenant for it when none is given) with its numbering series. */
export async function createCompany(input: CreateCompanyInput, client: DbClient = db) {
  const data = parseWith(CreateCompanyInput, input, "company");
  const tenantId = data.tenantId ?? (await client.tenant.create({ data: { name: data.legalName } })).id;
  const tenant = await client.tenant.findUnique({ where: { id: tenantId } });
  if (!tenant) throw new Error(`Tenant ${tenantId} not found`);
  return client.company.create({
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
}
