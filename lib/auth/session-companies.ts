import type { TaxRegime } from "@prisma/client";
import { db } from "@/lib/db/client";

// The companies a dashboard session may see: those of the user's tenant.
const companySummary = { id: true, legalName: true, tradeName: true, cnpj: true, state: true, environment: true, taxRegime: true } as const;

export type CompanySummary = { id: string; legalName: string; tradeName: string | null; cnpj: string; state: string; environment: "PRODUCTION" | "HOMOLOGATION"; taxRegime: TaxRegime };

export async function listTenantCompanies(tenantId: string): Promise<CompanySummary[]> {
  return db.company.findMany({ where: { tenantId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: companySummary });
}

/** A company of the tenant, or null (another tenant's company looks like no company). */
export async function findTenantCompany(tenantId: string, companyId: string): Promise<CompanySummary | null> {
  return db.company.findFirst({ where: { id: companyId, tenantId }, select: companySummary });
}
