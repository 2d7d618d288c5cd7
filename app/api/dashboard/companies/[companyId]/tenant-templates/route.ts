import { handleSession } from "@/lib/api/handle-session";
import { createTenantTemplate } from "@/lib/templates";
import { TENANT_TEMPLATE_ROLES, createTenantTemplateContract } from "@/lib/templates/dashboard-contracts";

export const POST = handleSession(createTenantTemplateContract, ({ session, body }) => createTenantTemplate(session.tenantId, body), { roles: TENANT_TEMPLATE_ROLES });
