import type { FiscalTemplate, NfeTaxRule, NfseTaxRule, Product, TaxRule } from "@prisma/client";
import { findCompanyCarrier } from "@/lib/carriers/lookup";
import type { DbClient } from "@/lib/db/client";
import { unprocessable } from "@/lib/errors";
import { findCompanyProduct } from "@/lib/products/lookup";
import { findUsableTaxRule } from "@/lib/tax-rules/lookup";
import { findUsableTemplate } from "@/lib/templates/lookup";

// The resources a document body references, through the resources' own
// lookups (another company's id answers the spec's 422), plus what tax
// resolution needs from them (sub-rules).

export { findCompanyCarrier };

export type LoadedTaxRule = TaxRule & { nfeTaxRules: NfeTaxRule[]; nfseTaxRules: NfseTaxRule[] };

const modelOf = (documentType: string) => (documentType === "NFSE" ? "NFSE" : "NFE");

export function findVisibleTemplate(client: DbClient, companyId: string, templateId: string, documentType: "NFE" | "NFCE" | "NFSE"): Promise<FiscalTemplate> {
  return findUsableTemplate(companyId, templateId, documentType, client);
}

/** Rules named by the body: usable (company, not removed, model) and active, else 422 invalid_tax_rule. */
export async function loadRequestedTaxRules(client: DbClient, companyId: string, ids: string[], documentType: string): Promise<Map<string, LoadedTaxRule>> {
  const unique = [...new Set(ids)];
  for (const id of unique) {
    const rule = await findUsableTaxRule(companyId, id, modelOf(documentType), client);
    // A deactivated rule no longer resolves taxes (README, API notes).
    if (!rule.isActive) throw unprocessable("invalid_tax_rule", `Tax rule ${id} is inactive`);
  }
  return loadTaxRules(client, companyId, unique);
}

/** Rules linked to products: silently ignored when removed, inactive or of another model (the product's setup, not the request, is stale). */
export async function loadProductTaxRules(client: DbClient, companyId: string, ids: string[], documentType: string): Promise<Map<string, LoadedTaxRule>> {
  const rules = await loadTaxRules(client, companyId, [...new Set(ids)]);
  return new Map([...rules].filter(([, rule]) => !rule.deletedAt && rule.isActive && rule.model === modelOf(documentType)));
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
  const byId = new Map<string, Product>();
  // Sequential: the queries share the document's transaction connection.
  for (const id of new Set(ids)) byId.set(id, await findCompanyProduct(companyId, id, client));
  return byId;
}
