import { handleSession } from "@/lib/api/handle-session";
import { TENANT_ADMIN_ROLES } from "@/lib/auth/roles";
import { deactivateUser, deactivateUserContract } from "@/lib/users";

export const POST = handleSession(
  deactivateUserContract,
  ({ session, params, body }) => deactivateUser({ tenantId: session.tenantId, userId: session.userId, targetUserId: params.userId, body }),
  { roles: TENANT_ADMIN_ROLES },
);
