import { describe, expect, it } from "vitest";
import { GET as listDocuments } from "@/app/v1/fiscal-documents/route";
import { createAccountApiKey, revokeAccountApiKey } from "@/lib/auth/account-api-keys";
import { ACCOUNT_SCOPES } from "@/lib/contracts/scopes";
import { commands } from "@/lib/cli/commands";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";

const list = (key: string, companyId?: string) =>
  call(listDocuments, { path: "/v1/fiscal-documents?environment=ALL", key, headers: companyId === undefined ? {} : { "x-company-id": companyId } });

async function tenantWithCompany() {
  const company = await createTestCompany();
  const account = await createAccountApiKey({ tenantId: company.tenantId, name: "ERP", scopes: [...ACCOUNT_SCOPES] });
  return { company, account };
}

describe("account API keys on company routes", () => {
  it("act for a company of the tenant named in X-Company-Id; 400 company_required without it", async () => {
    const { company, account } = await tenantWithCompany();
    expect(account.key.startsWith("fsa_")).toBe(true);
    const without = await list(account.key);
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({ statusCode: 400, code: "company_required" });
    expect(without.body.message).toContain("X-Company-Id");
    const ok = await list(account.key, company.companyId);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-ratelimit-limit")).not.toBeNull();
  });

  it("answer 404 for a company of another tenant or an unknown one", async () => {
    const { account } = await tenantWithCompany();
    const stranger = await createTestCompany();
    for (const id of [stranger.companyId, "nope", "a b"]) {
      const res = await list(account.key, id);
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
  });

  it("keep their scopes and stop working when revoked", async () => {
    const { company } = await tenantWithCompany();
    const narrow = await createAccountApiKey({ tenantId: company.tenantId, name: "read companies", scopes: ["companies:read"] });
    const refused = await list(narrow.key, company.companyId);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("insufficient_scope");
    await revokeAccountApiKey({ tenantId: company.tenantId, apiKeyId: narrow.id });
    expect((await list(narrow.key, company.companyId)).status).toBe(401);
  });

  it("leave company keys as they are; a company key naming another company gets 404", async () => {
    const { company } = await tenantWithCompany();
    const sibling = await createTestCompany({ tenantId: company.tenantId });
    expect((await list(company.key)).status).toBe(200);
    expect((await list(company.key, company.companyId)).status).toBe(200);
    const other = await list(company.key, sibling.companyId);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("not_found");
  });
});

describe("CLI: api-key create --tenant", () => {
  it("creates an account key with every scope and prints its id and secret", async () => {
    const tenant = (await commands.tenant!.create!({ name: "Software house" })) as { id: string };
    const created = (await commands["api-key"]!.create!({ tenant: tenant.id, name: "ERP", scopes: "all" })) as { id: string; key: string; scopes: string[] };
    expect(created.key.startsWith("fsa_")).toBe(true);
    expect(created.scopes).toEqual([...ACCOUNT_SCOPES]);
    const row = await db.accountApiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.tenantId).toBe(tenant.id);
    expect(row.secretHash).not.toContain(created.key);
    await expect(commands["api-key"]!.create!({ tenant: "missing", name: "x" })).rejects.toThrow(/Tenant not found/);
    await expect(commands["api-key"]!.create!({ tenant: tenant.id, name: "x", scopes: "companies:delete" })).rejects.toThrow(/Unknown scope/);
  });
});
