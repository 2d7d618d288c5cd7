import { handleSession } from "@/lib/api/handle-session";
import { TENANT_ADMIN_ROLES } from "@/lib/auth/roles";
import { changeRoleContract, changeUserRole } from "@/lib/users";

export const PATCH = handleSession(
  changeRoleContract,
  ({ session, params, body }) => changeUserRole({ tenantId: session.tenantId, userId: session.userId, targetUserId: params.userId, body }),
  { roles: TENANT_ADMIN_ROLES },
);
