import { handleSession } from "@/lib/api/handle-session";
import { createAccountKeyContract, listAccountKeysContract } from "@/lib/auth/account-key-contracts";
import { createAccountApiKey, listAccountApiKeys } from "@/lib/auth/account-api-keys";
import { TENANT_ADMIN_ROLES } from "@/lib/auth/roles";

const roles = { roles: TENANT_ADMIN_ROLES };

export const GET = handleSession(listAccountKeysContract, async ({ session }) => ({ data: await listAccountApiKeys(session.tenantId) }), roles);

export const POST = handleSession(createAccountKeyContract, ({ session, body }) => createAccountApiKey({ tenantId: session.tenantId, ...body, createdByUserId: session.userId }), roles);
