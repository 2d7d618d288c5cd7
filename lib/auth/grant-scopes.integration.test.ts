import { describe, expect, it } from "vitest";
import { POST as createCompanyKey } from "@/app/v1/companies/[id]/api-keys/route";
import { createAccountApiKey } from "@/lib/auth/account-api-keys";
import type { AccountScope } from "@/lib/contracts/scopes";
import { createTestCompany } from "@/test/factories";
import { call } from "@/test/http";

// Issue 49, finding 4: an account key holding only companies:write minted, without `scopes`,
// a company key with every company scope. A key grants only scopes it holds.

async function mint(scopes: AccountScope[], body: Record<string, unknown>) {
  const company = await createTestCompany();
  const account = await createAccountApiKey({ tenantId: company.tenantId, name: "ERP", scopes });
  return call(createCompanyKey, { method: "POST", path: `/v1/companies/${company.companyId}/api-keys`, params: { id: company.companyId }, key: account.key, body });
}

describe("POST /v1/companies/{id}/api-keys grants only the minting key's scopes", () => {
  it("a key with only companies:write: 403 insufficient_scope without scopes, and naming the missing ones with them", async () => {
    const bare = await mint(["companies:write"], { name: "Loja" });
    expect([bare.status, bare.body.code]).toEqual([403, "insufficient_scope"]);
    const asked = await mint(["companies:write", "documents:read"], { name: "Loja", scopes: ["documents:read", "documents:write", "webhooks:write"] });
    expect([asked.status, asked.body.code]).toEqual([403, "insufficient_scope"]);
    expect(asked.body.message).toContain("documents:write, webhooks:write");
    expect(asked.body.message).not.toContain("documents:read,");
  });

  it("without scopes: the company scopes the minting key holds; with scopes it holds: those", async () => {
    const held: AccountScope[] = ["companies:write", "documents:read", "documents:write"];
    const all = await mint(held, { name: "Loja" });
    expect(all.status).toBe(201);
    expect([...all.body.scopes].sort()).toEqual(["documents:read", "documents:write"]);
    const narrowed = await mint(held, { name: "Loja", scopes: ["documents:read"] });
    expect([narrowed.status, narrowed.body.scopes]).toEqual([201, ["documents:read"]]);
  });
});
