import { handle } from "@/lib/api/handle";
import { createTaxRule, listTaxRules } from "@/lib/tax-rules";
import { createTaxRuleRoute, listTaxRulesContract } from "@/lib/tax-rules/contracts";

export const GET = handle(listTaxRulesContract, ({ companyId, query }) => listTaxRules(companyId, query));
export const POST = handle(createTaxRuleRoute, ({ companyId, body }) => createTaxRule(companyId, body));
