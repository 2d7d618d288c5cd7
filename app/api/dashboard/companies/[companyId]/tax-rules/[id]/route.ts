import { handleSession } from "@/lib/api/handle-session";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { deleteTaxRule, getTaxRule, updateTaxRule } from "@/lib/tax-rules";
import { deleteTaxRuleContract, getTaxRuleContract, updateTaxRuleRoute } from "@/lib/tax-rules/contracts";
import { WRITER_ROLES } from "@/lib/auth/roles";

const roles = { roles: WRITER_ROLES };
export const GET = handleSession(asDashboardContract(getTaxRuleContract), ({ companyId, params }) => getTaxRule(companyId, params.id));
export const PATCH = handleSession(asDashboardContract(updateTaxRuleRoute), ({ companyId, params, body }) => updateTaxRule(companyId, params.id, body), roles);
export const DELETE = handleSession(asDashboardContract(deleteTaxRuleContract), ({ companyId, params }) => deleteTaxRule(companyId, params.id), roles);
