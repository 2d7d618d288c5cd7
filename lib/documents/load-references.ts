import type { Company, FiscalTemplate, NfeTaxRule, NfseTaxRule, Product, TaxRule } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { unprocessable } from "@/lib/errors";

// Lookups of the resources a document body references, always within the
// company: another company's id behaves as unknown and answers the spec's 422.

export type LoadedTaxRule = TaxRule & { nfeTaxRules: NfeTaxRule[]; nfseTaxRules: NfseTaxRule[] };

/** Templates visible to a company: its own, its tenant's, and the system's (api.md, Fiscal templates). */
export async function findVisibleTemplate(client: DbClient, company: Company, templateId: string, documentType: string): Promise<FiscalTemplate> {
  const template = await client.fiscalTemplate.findFirst({
    where: {
      id: templateId,
      OR: [{ source: "COMPANY", companyId: company.id }, { source: "TENANT", tenantId: company.tenantId }, { source: "SYSTEM" }],
    },
  });
  if (!template) throw unprocessable("invalid_template", `Template ${templateId} does not exist or is not visible to this company`);
  const expected = documentType === "NFSE" ? "NFSE" : "NFE";
  if (template.type !== expected) {
    throw unprocessable("template_type_mismatch", `Template ${templateId} is an ${template.type} template; an ${documentType} document uses ${expected} templates`);
  }
  return template;
}

/** The rules named by the body: of the company, not removed, active, and of the document's model; else 422 invalid_tax_rule. */
export async function loadRequestedTaxRules(client: DbClient, companyId: string, ids: string[], documentType: string): Promise<Map<string, LoadedTaxRule>> {
  const unique = [...new Set(ids)];
  const rules = await loadTaxRules(client, companyId, unique);
  const model = documentType === "NFSE" ? "NFSE" : "NFE";
  for (const id of unique) {
    const rule = rules.get(id);
    if (!rule || rule.deletedAt) throw unprocessable("invalid_tax_rule", `Tax rule ${id} does not exist in this company or was removed`);
    if (!rule.isActive) throw unprocessable("invalid_tax_rule", `Tax rule ${id} is inactive`);
    if (rule.model !== model) throw unprocessable("invalid_tax_rule", `Tax rule ${id} is an ${rule.model} rule; an ${documentType} document needs an ${model} rule`);
  }
  return rules;
}

/** Rules linked to products: silently ignored when removed, inactive or of another model (the product's setup, not the request, is stale). */
export async function loadProductTaxRules(client: DbClient, companyId: string, ids: string[], documentType: string): Promise<Map<string, LoadedTaxRule>> {
  const model = documentType === "NFSE" ? "NFSE" : "NFE";
  const rules = await loadTaxRules(client, companyId, [...new Set(ids)]);
  return new Map([...rules].filter(([, rule]) => !rule.deletedAt && rule.isActive && rule.model === model));
}

async function loadTaxRules(client: DbClient, companyId: string, ids: string[]): Promise<Map<string, LoadedTaxRule>> {
  if (ids.length === 0) return new Map();
  const rules = await client.taxRule.findMany({
    where: { id: { in: ids }, companyId },
    include: { nfeTaxRules: { orderBy: { position: "asc" } }, nfseTaxRules: { orderBy: { position: "asc" } } },
  });
  return new Map(rules.map((rule) => [rule.id, rule]));
}

export async function loadProducts(client: DbClient, companyId: string, ids: string[]): Promise<Map<string, Product>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const products = await client.product.findMany({ where: { id: { in: unique }, companyId } });
  const byId = new Map(products.map((p) => [p.id, p]));
  for (const id of unique) {
    if (!byId.has(id)) throw unprocessable("invalid_product", `Product ${id} does not exist in this company`);
  }
  return byId;
}

export async function findCompanyCarrier(client: DbClient, companyId: string, carrierId: string) {
  const carrier = await client.carrier.findFirst({
    where: { id: carrierId, companyId },
    include: { vehicles: { orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }] } },
  });
  if (!carrier) throw unprocessable("invalid_carrier", `Carrier ${carrierId} does not exist in this company`);
  return carrier;
}
