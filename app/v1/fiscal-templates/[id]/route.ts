import { handle } from "@/lib/api/handle";
import { deleteCompanyTemplate, getTemplate, updateCompanyTemplate } from "@/lib/templates";
import { deleteTemplateContract, getTemplateContract, updateTemplateContract } from "@/lib/templates/contracts";

export const GET = handle(getTemplateContract, ({ companyId, params }) => getTemplate(companyId, params.id));
export const PATCH = handle(updateTemplateContract, ({ companyId, params, body }) => updateCompanyTemplate(companyId, params.id, body));
export const DELETE = handle(deleteTemplateContract, ({ companyId, params }) => deleteCompanyTemplate(companyId, params.id));
