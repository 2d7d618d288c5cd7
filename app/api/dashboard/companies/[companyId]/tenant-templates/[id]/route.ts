import { handleSession } from "@/lib/api/handle-session";
import { deleteTenantTemplate, updateTenantTemplate } from "@/lib/templates";
import { TENANT_TEMPLATE_ROLES, deleteTenantTemplateContract, updateTenantTemplateContract } from "@/lib/templates/dashboard-contracts";

const roles = { roles: TENANT_TEMPLATE_ROLES };
export const PATCH = handleSession(updateTenantTemplateContract, ({ session, params, body }) => updateTenantTemplate(session.tenantId, params.id, body), roles);
export const DELETE = handleSession(deleteTenantTemplateContract, ({ session, params }) => deleteTenantTemplate(session.tenantId, params.id), roles);
