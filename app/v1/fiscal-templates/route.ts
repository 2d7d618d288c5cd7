import { handle } from "@/lib/api/handle";
import { createCompanyTemplate, listTemplates } from "@/lib/templates";
import { createTemplateContract, listTemplatesContract } from "@/lib/templates/contracts";

export const GET = handle(listTemplatesContract, ({ companyId, query }) => listTemplates(companyId, query));
export const POST = handle(createTemplateContract, ({ companyId, body }) => createCompanyTemplate(companyId, body));
