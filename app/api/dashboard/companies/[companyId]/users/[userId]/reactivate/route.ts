import { handleSession } from "@/lib/api/handle-session";
import { TENANT_ADMIN_ROLES } from "@/lib/auth/roles";
import { reactivateUser, reactivateUserContract } from "@/lib/users";

export const POST = handleSession(
  reactivateUserContract,
  ({ session, params }) => reactivateUser({ tenantId: session.tenantId, userId: session.userId, targetUserId: params.userId }),
  { roles: TENANT_ADMIN_ROLES },
);
