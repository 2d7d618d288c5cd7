import { handleSession } from "@/lib/api/handle-session";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { createCompanyTemplate, listTemplates } from "@/lib/templates";
import { createTemplateContract, listTemplatesContract } from "@/lib/templates/contracts";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const GET = handleSession(asDashboardContract(listTemplatesContract), ({ companyId, query }) => listTemplates(companyId, query));
export const POST = handleSession(asDashboardContract(createTemplateContract), ({ companyId, body }) => createCompanyTemplate(companyId, body), { roles: WRITER_ROLES });
