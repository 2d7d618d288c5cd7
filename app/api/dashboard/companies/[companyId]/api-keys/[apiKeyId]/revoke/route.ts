import { handleSession } from "@/lib/api/handle-session";
import { API_KEY_MANAGER_ROLES, revokeApiKeyContract } from "@/lib/auth/api-key-contracts";
import { revokeApiKey } from "@/lib/auth/api-keys";

export const POST = handleSession(revokeApiKeyContract, ({ companyId, params }) => revokeApiKey({ companyId, apiKeyId: params.apiKeyId }), {
  roles: API_KEY_MANAGER_ROLES,
});
