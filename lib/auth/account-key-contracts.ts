import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { ApiKeySummary, CreatedApiKey, createKeyBody } from "./api-key-contracts";
import { ACCOUNT_SCOPES, AccountScopeSchema } from "@/lib/contracts/scopes";

// Internal dashboard routes of the account's (tenant's) API keys, "Chaves da
// conta" (handleSession, ADMIN only). The path carries the company the user is
// looking at; the keys are the tenant's. Not part of /v1.

export const CreateAccountKeyBody = createKeyBody(AccountScopeSchema, ACCOUNT_SCOPES.length);
export type CreateAccountKeyBody = z.input<typeof CreateAccountKeyBody>;

const base = "/api/dashboard/companies/{companyId}/account-keys";
const tag = "Dashboard: account API keys";

export const listAccountKeysContract = defineContract({
  method: "GET",
  path: base,
  summary: "List the account's API keys, revoked ones included",
  tag,
  scope: null,
  response: z.object({ data: z.array(ApiKeySummary) }),
  errorStatuses: [403],
});

export const createAccountKeyContract = defineContract({
  method: "POST",
  path: base,
  summary: "Create an account API key; the secret is in this response only",
  tag,
  scope: null,
  body: CreateAccountKeyBody,
  response: CreatedApiKey,
  successStatus: 201,
  errorStatuses: [403],
});

export const revokeAccountKeyContract = defineContract({
  method: "POST",
  path: `${base}/{apiKeyId}/revoke`,
  summary: "Revoke an account API key; it stops working at once",
  tag,
  scope: null,
  params: z.object({ apiKeyId: z.string().min(1).max(64) }),
  successStatus: 204,
  errorStatuses: [403, 404],
});
