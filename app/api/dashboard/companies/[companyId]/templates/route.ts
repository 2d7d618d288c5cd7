import { handleSession } from "@/lib/api/handle-session";
import { REGISTER_WRITER_ROLES, asDashboardContract } from "@/lib/clients/as-dashboard-contract";
import { createCompanyTemplate, listTemplates } from "@/lib/templates";
import { createTemplateContract, listTemplatesContract } from "@/lib/templates/contracts";

export const GET = handleSession(asDashboardContract(listTemplatesContract), ({ companyId, query }) => listTemplates(companyId, query));
export const POST = handleSession(asDashboardContract(createTemplateContract), ({ companyId, body }) => createCompanyTemplate(companyId, body), { roles: REGISTER_WRITER_ROLES });
