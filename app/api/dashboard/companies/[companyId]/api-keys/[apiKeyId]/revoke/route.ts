import { handleSession } from "@/lib/api/handle-session";
import { revokeApiKeyContract } from "@/lib/auth/api-key-contracts";
import { revokeApiKey } from "@/lib/auth/api-keys";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const POST = handleSession(revokeApiKeyContract, ({ companyId, params }) => revokeApiKey({ companyId, apiKeyId: params.apiKeyId }), {
  roles: WRITER_ROLES,
});
