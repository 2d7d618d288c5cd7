import type { Company } from "@prisma/client";
import { paginate, type PaginationQuery } from "@/lib/contracts/pagination";
import { db, type DbClient } from "@/lib/db/client";
import { withTransaction } from "@/lib/db/with-transaction";
import { notFound } from "@/lib/errors";
import { createCompany } from "../create-company";
import { updateFiscalSettings } from "../fiscal-settings";
import type { UpdateFiscalSettingsInput } from "../fiscal-settings-schema";
import type { CompanyResource, CreateCompanyBody } from "./schemas";

// The account's companies through the API: every lookup is by tenant, so
// another tenant's company answers 404 like an unknown id.

export function toCompanyResource(company: Company): CompanyResource {
  return {
    id: company.id,
    tenantId: company.tenantId,
    legalName: company.legalName,
    tradeName: company.tradeName,
    cnpj: company.cnpj,
    stateRegistration: company.stateRegistration,
    municipalRegistration: company.municipalRegistration,
    taxRegime: company.taxRegime,
    environment: company.environment,
    zipCode: company.zipCode,
    street: company.street,
    streetNumber: company.streetNumber,
    complement: company.complement,
    neighborhood: company.neighborhood,
    city: company.city,
    state: company.state,
    municipalityCode: company.municipalityCode,
    phone: company.phone,
    email: company.email,
    createdAt: company.createdAt.toISOString(),
    updatedAt: company.updatedAt.toISOString(),
  };
}

/** The tenant's company, or 404. */
export async function findTenantCompany(input: { tenantId: string; companyId: string }, client: DbClient = db): Promise<Company> {
  const company = await client.company.findFirst({ where: { id: input.companyId, tenantId: input.tenantId } });
  if (!company) throw notFound("Company");
  return company;
}

export async function getCompany(companyId: string, client: DbClient = db): Promise<CompanyResource> {
  const company = await client.company.findFirst({ where: { id: companyId } });
  if (!company) throw notFound("Company");
  return toCompanyResource(company);
}

export async function listTenantCompanies(input: { tenantId: string; query: PaginationQuery }, client: DbClient = db) {
  const where = { tenantId: input.tenantId };
  return paginate(
    input.query,
    () => client.company.count({ where }),
    async (window) => (await client.company.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }], ...window })).map(toCompanyResource),
  );
}

// One company per CNPJ and environment within the tenant (docs/api-notes/companies.md): createCompany
// and updateFiscalSettings check it under their advisory lock (../cnpj-uniqueness.ts) and answer 409
// company_exists, whatever the path that creates or changes the company. Across tenants the CNPJ's
// reservation (a certificate of its root) decides, never the creation.

/** Creates a company of the tenant with its identity and address, validated as the dashboard's fiscal settings are. */
export async function createTenantCompany(input: { tenantId: string; body: CreateCompanyBody }): Promise<CompanyResource> {
  const { body, tenantId } = input;
  return withTransaction(db, async (tx) => {
      const company = await createCompany(
        {
          tenantId,
          legalName: body.legalName,
          tradeName: body.tradeName ?? undefined,
          cnpj: body.cnpj,
          state: body.state,
          municipalityCode: body.municipalityCode,
          taxRegime: body.taxRegime,
          environment: body.environment,
        },
        tx,
      );
      await updateFiscalSettings(company.id, body, tx);
      return getCompany(company.id, tx);
  });
}

/**
 * Changes fields of the company through the fiscal settings' rules (the merged
 * result validated as a whole); a new CNPJ or environment must be free.
 */
export async function updateTenantCompany<T>(
  input: { tenantId: string; companyId: string; body: UpdateFiscalSettingsInput },
  read: (companyId: string, tx: DbClient) => Promise<T>,
): Promise<T> {
  const current = await findTenantCompany(input);
  return withTransaction(db, async (tx) => {
    await updateFiscalSettings(current.id, input.body, tx);
    return read(current.id, tx);
  });
}
