import { handleSession } from "@/lib/api/handle-session";
import { createApiKeyContract, listApiKeysContract } from "@/lib/auth/api-key-contracts";
import { createApiKey, listApiKeys } from "@/lib/auth/api-keys";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const GET = handleSession(listApiKeysContract, async ({ companyId }) => ({ data: await listApiKeys(companyId) }));

export const POST = handleSession(createApiKeyContract, ({ companyId, session, body }) => createApiKey({ companyId, ...body, createdByUserId: session.userId }), {
  roles: WRITER_ROLES,
});
