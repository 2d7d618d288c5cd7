import { describe, expect, it } from "vitest";
import { createTestCompany, db } from "@/test/factories";
import { authenticateApiKey, revokeApiKey } from "./api-keys";

const lastUsedAt = async (id: string) => (await db.apiKey.findUniqueOrThrow({ where: { id } })).lastUsedAt;

describe("authenticateApiKey", () => {
  it("resolves a key to its company and scopes, and refuses it on the first request after revocation", async () => {
    const company = await createTestCompany({ scopes: ["clients:read"] });
    expect(await authenticateApiKey(`Bearer ${company.key}`)).toEqual({ kind: "company", apiKeyId: company.apiKeyId, companyId: company.companyId, scopes: ["clients:read"] });
    await revokeApiKey({ companyId: company.companyId, apiKeyId: company.apiKeyId });
    await expect(authenticateApiKey(`Bearer ${company.key}`)).rejects.toMatchObject({ status: 401, code: "invalid_api_key" });
  });

  it("writes lastUsedAt in UTC off the request path, at most once a minute per key", async () => {
    const company = await createTestCompany();
    expect(await lastUsedAt(company.apiKeyId)).toBeNull();
    await authenticateApiKey(`Bearer ${company.key}`);
    await expect.poll(() => lastUsedAt(company.apiKeyId)).not.toBeNull();
    const first = (await lastUsedAt(company.apiKeyId))!;
    // A time-zone slip would put it hours away.
    expect(Math.abs(first.getTime() - Date.now())).toBeLessThan(10_000);
    await authenticateApiKey(`Bearer ${company.key}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await lastUsedAt(company.apiKeyId)).toEqual(first);
  });
});
