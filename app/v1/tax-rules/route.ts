import { handle } from "@/lib/api/handle";
import { createTaxRule, listTaxRules } from "@/lib/tax-rules";
import { createTaxRuleContract, listTaxRulesContract } from "@/lib/tax-rules/contracts";

export const GET = handle(listTaxRulesContract, ({ companyId, query }) => listTaxRules(companyId, query));
export const POST = handle(createTaxRuleContract, ({ companyId, body }) => createTaxRule(companyId, body));
