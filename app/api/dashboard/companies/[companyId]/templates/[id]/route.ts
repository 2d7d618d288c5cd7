import { handleSession } from "@/lib/api/handle-session";
import { REGISTER_WRITER_ROLES, asDashboardContract } from "@/lib/clients/as-dashboard-contract";
import { deleteCompanyTemplate, updateCompanyTemplate } from "@/lib/templates";
import { deleteTemplateContract, updateTemplateContract } from "@/lib/templates/contracts";

const roles = { roles: REGISTER_WRITER_ROLES };
export const PATCH = handleSession(asDashboardContract(updateTemplateContract), ({ companyId, params, body }) => updateCompanyTemplate(companyId, params.id, body), roles);
export const DELETE = handleSession(asDashboardContract(deleteTemplateContract), ({ companyId, params }) => deleteCompanyTemplate(companyId, params.id), roles);
