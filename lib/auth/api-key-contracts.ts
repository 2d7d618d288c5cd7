import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { SCOPES, ScopeSchema } from "@/lib/contracts/scopes";

// Internal dashboard routes for a company's API keys (handleSession). The same
// schemas validate the routes and the dashboard form; they are not part of /v1.

/** A key's name and scopes, the scopes from the key kind's list (company or account). */
export function createKeyBody<S extends z.ZodEnum>(scope: S, count: number) {
  return z.object({
    name: z.string().trim().min(1, "give the key a name").max(80),
    scopes: z
      .array(scope)
      .min(1, "choose at least one scope")
      .max(count)
      .transform((scopes) => [...new Set(scopes)]),
  });
}

export const CreateApiKeyBody = createKeyBody(ScopeSchema, SCOPES.length);
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBody>;

export const ApiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** The dashboard user who created the key; null for the CLI or a deleted user. */
  createdBy: z.object({ email: z.string(), active: z.boolean() }).nullable().optional(),
});
export type ApiKeySummary = z.infer<typeof ApiKeySummary>;

export const CreatedApiKey = ApiKeySummary.pick({ id: true, name: true, prefix: true, scopes: true, createdAt: true }).extend({
  /** The secret, returned once and never stored. */
  key: z.string(),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

const base = "/api/dashboard/companies/{companyId}/api-keys";
const tag = "Dashboard: API keys";

export const listApiKeysContract = defineContract({
  method: "GET",
  path: base,
  summary: "List the company's API keys, revoked ones included",
  tag,
  scope: null,
  response: z.object({ data: z.array(ApiKeySummary) }),
});

export const createApiKeyContract = defineContract({
  method: "POST",
  path: base,
  summary: "Create an API key; the secret is in this response only",
  tag,
  scope: null,
  body: CreateApiKeyBody,
  response: CreatedApiKey,
  successStatus: 201,
});

export const revokeApiKeyContract = defineContract({
  method: "POST",
  path: `${base}/{apiKeyId}/revoke`,
  summary: "Revoke an API key; it stops working at once",
  tag,
  scope: null,
  params: z.object({ apiKeyId: z.string().min(1).max(64) }),
  successStatus: 204,
  errorStatuses: [404],
});

