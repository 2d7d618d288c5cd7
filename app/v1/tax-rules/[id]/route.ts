import { handle } from "@/lib/api/handle";
import { deleteTaxRule, getTaxRule, updateTaxRule } from "@/lib/tax-rules";
import { deleteTaxRuleContract, getTaxRuleContract, updateTaxRuleRoute } from "@/lib/tax-rules/contracts";

export const GET = handle(getTaxRuleContract, ({ companyId, params }) => getTaxRule(companyId, params.id));
export const PATCH = handle(updateTaxRuleRoute, ({ companyId, params, body }) => updateTaxRule(companyId, params.id, body));
export const DELETE = handle(deleteTaxRuleContract, ({ companyId, params }) => deleteTaxRule(companyId, params.id));
