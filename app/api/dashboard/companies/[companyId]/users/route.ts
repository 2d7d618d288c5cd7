import { handleSession } from "@/lib/api/handle-session";
import { TENANT_ADMIN_ROLES } from "@/lib/auth/roles";
import { addTenantUser, addUserContract, listTenantUsers, listUsersContract } from "@/lib/users";

const roles = { roles: TENANT_ADMIN_ROLES };

export const GET = handleSession(listUsersContract, async ({ session }) => ({ data: await listTenantUsers(session.tenantId) }), roles);

export const POST = handleSession(addUserContract, ({ session, body }) => addTenantUser({ tenantId: session.tenantId, body }), roles);
