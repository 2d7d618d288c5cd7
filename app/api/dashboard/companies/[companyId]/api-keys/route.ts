import { handleSession } from "@/lib/api/handle-session";
import { API_KEY_MANAGER_ROLES, createApiKeyContract, listApiKeysContract } from "@/lib/auth/api-key-contracts";
import { createApiKey, listApiKeys } from "@/lib/auth/api-keys";

export const GET = handleSession(listApiKeysContract, async ({ companyId }) => ({ data: await listApiKeys(companyId) }));

export const POST = handleSession(createApiKeyContract, ({ companyId, body }) => createApiKey({ companyId, ...body }), {
  roles: API_KEY_MANAGER_ROLES,
});
