import { handleSession } from "@/lib/api/handle-session";
import { TENANT_ADMIN_ROLES } from "@/lib/auth/roles";
import { resetPasswordContract, resetUserPassword } from "@/lib/users";

export const POST = handleSession(
  resetPasswordContract,
  ({ session, params }) => resetUserPassword({ tenantId: session.tenantId, userId: session.userId, targetUserId: params.userId }),
  { roles: TENANT_ADMIN_ROLES },
);
