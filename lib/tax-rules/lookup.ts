import type { TaxRule, TaxRuleModel } from "@prisma/client";
import { db, type DbClient } from "@/lib/db/client";
import { unprocessable } from "@/lib/errors";

/**
 * A tax rule referenced from a body (document, item or product): it must
 * belong to the company, not be removed, and be of the expected model;
 * otherwise 422 invalid_tax_rule (spec, Known application codes).
 */
export async function findUsableTaxRule(companyId: string, taxRuleId: string, model: TaxRuleModel, client: DbClient = db): Promise<TaxRule> {
  const rule = await client.taxRule.findFirst({ where: { id: taxRuleId, companyId, deletedAt: null } });
  if (!rule) throw unprocessable("invalid_tax_rule", `Tax rule ${taxRuleId} does not exist in this company or was removed`);
  if (rule.model !== model) throw unprocessable("invalid_tax_rule", `Tax rule ${taxRuleId} is an ${rule.model} rule; an ${model} rule is required here`);
  return rule;
}
