import { Prisma, type Company } from "@prisma/client";
import { paginate, type PaginationQuery } from "@/lib/api/pagination";
import { normalizeDocument } from "@/lib/br";
import { db, type DbClient } from "@/lib/db/client";
import { withTransaction } from "@/lib/db/with-transaction";
import { conflict, notFound } from "@/lib/errors";
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

const companyExists = (cnpj: string, environment: string) =>
  conflict("company_exists", `A company with CNPJ ${cnpj} already exists in ${environment}`);

/**
 * One company per CNPJ and environment (docs/api-notes/companies.md): an
 * advisory lock per pair serialises concurrent creates, then the lookup sees
 * every committed company, whatever its tenant (the answer names none).
 */
async function assertCompanyAvailable(tx: DbClient, cnpj: string, environment: string, exceptId?: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`company-cnpj:${cnpj}:${environment}`}, 0))`;
  const taken = await tx.company.findFirst({ where: { cnpj, environment: environment as Company["environment"], ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (taken) throw companyExists(cnpj, environment);
}

/** A unique violation on the company's CNPJ (a database constraint, where one exists) reads as company_exists. */
function mapUniqueViolation(error: unknown, cnpj: string, environment: string): never {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw companyExists(cnpj, environment);
  throw error;
}

/** Creates a company of the tenant with its identity and address, validated as the dashboard's fiscal settings are. */
export async function createTenantCompany(input: { tenantId: string; body: CreateCompanyBody }): Promise<CompanyResource> {
  const { body, tenantId } = input;
  try {
    return await withTransaction(db, async (tx) => {
      await assertCompanyAvailable(tx, body.cnpj, body.environment);
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
  } catch (error) {
    return mapUniqueViolation(error, body.cnpj, body.environment);
  }
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
  const cnpj = input.body.cnpj ? normalizeDocument(input.body.cnpj) : current.cnpj;
  const environment = input.body.environment ?? current.environment;
  try {
    return await withTransaction(db, async (tx) => {
      if (cnpj !== current.cnpj || environment !== current.environment) await assertCompanyAvailable(tx, cnpj, environment, current.id);
      await updateFiscalSettings(current.id, input.body, tx);
      return read(current.id, tx);
    });
  } catch (error) {
    return mapUniqueViolation(error, cnpj, environment);
  }
}
