import { handleSession } from "@/lib/api/handle-session";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { deleteCompanyTemplate, updateCompanyTemplate } from "@/lib/templates";
import { deleteTemplateContract, updateTemplateContract } from "@/lib/templates/contracts";
import { WRITER_ROLES } from "@/lib/auth/roles";

const roles = { roles: WRITER_ROLES };
export const PATCH = handleSession(asDashboardContract(updateTemplateContract), ({ companyId, params, body }) => updateCompanyTemplate(companyId, params.id, body), roles);
export const DELETE = handleSession(asDashboardContract(deleteTemplateContract), ({ companyId, params }) => deleteCompanyTemplate(companyId, params.id), roles);
