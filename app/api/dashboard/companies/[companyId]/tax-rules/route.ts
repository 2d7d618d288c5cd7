import { handleSession } from "@/lib/api/handle-session";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { createTaxRule, listTaxRules } from "@/lib/tax-rules";
import { createTaxRuleRoute, listTaxRulesContract } from "@/lib/tax-rules/contracts";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const GET = handleSession(asDashboardContract(listTaxRulesContract), ({ companyId, query }) => listTaxRules(companyId, query));
export const POST = handleSession(asDashboardContract(createTaxRuleRoute), ({ companyId, body }) => createTaxRule(companyId, body), { roles: WRITER_ROLES });
