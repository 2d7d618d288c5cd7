import { createApiKey } from "@/lib/auth/api-keys";
import { SCOPES, type Scope } from "@/lib/contracts/scopes";
import { randomAlphanumericCnpj, randomCnpj } from "@/lib/br";
import { createCompany } from "@/lib/companies";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";

export type TestCompany = { companyId: string; tenantId: string; cnpj: string; key: string; apiKeyId: string };

/** A new tenant, company and all-scopes API key: tests isolate by company, not by truncation. `alphanumeric`: a CNPJ with letters (NT Conjunta 2025.001). */
export async function createTestCompany(
  options: { regime?: "SIMPLES_NACIONAL" | "SIMPLES_EXCESS" | "NORMAL" | "MEI"; environment?: "PRODUCTION" | "HOMOLOGATION"; scopes?: Scope[]; state?: string; municipalityCode?: string; tenantId?: string; alphanumeric?: boolean } = {},
  attempt = 1,
): Promise<TestCompany> {
  const cnpj = options.alphanumeric ? randomAlphanumericCnpj() : randomCnpj();
  // Random CNPJs of a whole run may meet. Companies of one CNPJ may coexist across tenants (issue 49
  // item 5), but the second one's certificate would then be refused cnpj_reserved: take an unused one.
  if (attempt < 5 && (await db.company.findFirst({ where: { cnpj }, select: { id: true } }))) return createTestCompany(options, attempt + 1);
  const company = await createCompany({
    legalName: `Test Company ${cnpj}`,
    cnpj,
    state: options.state ?? "SP",
    municipalityCode: options.municipalityCode ?? "3550308",
    taxRegime: options.regime ?? "NORMAL",
    environment: options.environment ?? "HOMOLOGATION",
    tenantId: options.tenantId,
  }).catch((error: unknown) => {
    // One company per CNPJ and environment in a tenant (409 company_exists): a race past the check above.
    if (error instanceof DomainError && error.code === "company_exists" && attempt < 5) return null;
    throw error;
  });
  if (!company) return createTestCompany(options, attempt + 1);
  const key = await createApiKey({ companyId: company.id, name: "test", scopes: options.scopes ?? [...SCOPES] });
  return { companyId: company.id, tenantId: company.tenantId, cnpj, key: key.key, apiKeyId: key.id };
}

export { db };
