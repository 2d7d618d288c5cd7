import { handleSession } from "@/lib/api/handle-session";
import { REGISTER_WRITER_ROLES, asDashboardContract } from "@/lib/clients/as-dashboard-contract";
import { createTaxRule, listTaxRules } from "@/lib/tax-rules";
import { createTaxRuleRoute, listTaxRulesContract } from "@/lib/tax-rules/contracts";

export const GET = handleSession(asDashboardContract(listTaxRulesContract), ({ companyId, query }) => listTaxRules(companyId, query));
export const POST = handleSession(asDashboardContract(createTaxRuleRoute), ({ companyId, body }) => createTaxRule(companyId, body), { roles: REGISTER_WRITER_ROLES });
