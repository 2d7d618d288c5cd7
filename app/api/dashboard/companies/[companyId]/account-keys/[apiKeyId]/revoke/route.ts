import { handleSession } from "@/lib/api/handle-session";
import { revokeAccountKeyContract } from "@/lib/auth/account-key-contracts";
import { revokeAccountApiKey } from "@/lib/auth/account-api-keys";
import { TENANT_ADMIN_ROLES } from "@/lib/auth/roles";

export const POST = handleSession(revokeAccountKeyContract, ({ session, params }) => revokeAccountApiKey({ tenantId: session.tenantId, apiKeyId: params.apiKeyId }), {
  roles: TENANT_ADMIN_ROLES,
});
