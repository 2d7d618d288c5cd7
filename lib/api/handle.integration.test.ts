import { describe, expect, it } from "vitest";
import { z } from "zod";
import { revokeApiKey } from "@/lib/auth/api-keys";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { defineContract } from "@/lib/contracts/contract";
import { handle } from "./handle";
import { PaginationQuery, paginate } from "@/lib/contracts/pagination";

// A list and a create route built with the shared wrapper, as every /v1 route is.
const listContract = defineContract({
  method: "GET",
  path: "/v1/test-keys",
  summary: "test",
  tag: "Test",
  scope: "clients:read",
  query: PaginationQuery,
});
const list = handle(listContract, ({ companyId, query }) =>
  paginate(
    query,
    () => db.apiKey.count({ where: { companyId } }),
    (window) => db.apiKey.findMany({ where: { companyId }, orderBy: { createdAt: "asc" }, select: { id: true, name: true }, ...window }),
  ),
);
const createContract = defineContract({
  method: "POST",
  path: "/v1/test-things",
  summary: "test",
  tag: "Test",
  scope: "clients:write",
  body: z.object({ name: z.string().min(1), items: z.array(z.object({ quantity: z.number().positive() })).min(1) }),
  successStatus: 201,
});
const create = handle(createContract, async ({ body }) => ({ ok: true, name: body.name }));

describe("authentication", () => {
  it("refuses a missing, malformed or unknown key with 401 invalid_api_key", async () => {
    for (const headers of [{} as Record<string, string>, { authorization: "Basic abc" }, { authorization: "Bearer fsk_doesnotexist0000000000000000" }, { authorization: "Bearer " }]) {
      const res = await call(list, { path: "/v1/test-keys", headers });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: "Unauthorized", code: "invalid_api_key" });
    }
  });

  it("stops accepting a key as soon as it is revoked", async () => {
    const company = await createTestCompany();
    expect((await call(list, { path: "/v1/test-keys", key: company.key })).status).toBe(200);
    await revokeApiKey({ companyId: company.companyId, apiKeyId: company.apiKeyId });
    const res = await call(list, { path: "/v1/test-keys", key: company.key });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("invalid_api_key");
  });

  it("answers 403 insufficient_scope naming the missing scope", async () => {
    const company = await createTestCompany({ scopes: ["products:read"] });
    const res = await call(list, { path: "/v1/test-keys", key: company.key });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ statusCode: 403, error: "Forbidden", code: "insufficient_scope" });
    expect(res.body.message).toContain("clients:read");
  });
});

describe("input", () => {
  it("refuses a companyId in the query or the body", async () => {
    const company = await createTestCompany();
    const inQuery = await call(list, { path: `/v1/test-keys?companyId=${company.companyId}`, key: company.key });
    expect(inQuery.status).toBe(400);
    expect(inQuery.body.code).toBe("validation_error");
    const inBody = await call(create, { method: "POST", path: "/v1/test-things", key: company.key, body: { companyId: "x", name: "a", items: [{ quantity: 1 }] } });
    expect(inBody.status).toBe(400);
    expect(inBody.body.message).toContain("companyId");
  });

  it("names the field path of a schema violation", async () => {
    const company = await createTestCompany();
    const res = await call(create, { method: "POST", path: "/v1/test-things", key: company.key, body: { name: "a", items: [{ quantity: 0 }] } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_error");
    expect(res.body.message).toContain("body.items.0.quantity");
  });

  it("never answers 500 to malformed input", async () => {
    const company = await createTestCompany();
    const bodies = ["{not json", "[]", "null", "\"text\"", "{\"name\": 1e400, \"items\": []}", "{\"name\": \"\u0000\ud83d\ude00\", \"items\": [{\"quantity\": 99999999999999999999999}]}", "", "{\"name\":{}}"];
    for (const rawBody of bodies) {
      const res = await call(create, { method: "POST", path: "/v1/test-things", key: company.key, rawBody });
      expect(res.status, rawBody).toBeGreaterThanOrEqual(200);
      expect(res.status, rawBody).toBeLessThan(500);
      if (res.status >= 400) expect(res.body).toMatchObject({ statusCode: res.status, error: expect.any(String), message: expect.any(String) });
    }
    const malformed = await call(create, { method: "POST", path: "/v1/test-things", key: company.key, rawBody: "{oops" });
    expect(malformed.status).toBe(400);
  });

  it("answers 413 for a body over the limit", async () => {
    const company = await createTestCompany();
    const res = await call(create, { method: "POST", path: "/v1/test-things", key: company.key, rawBody: JSON.stringify({ name: "x".repeat(2_000_000), items: [{ quantity: 1 }] }) });
    expect(res.status).toBe(413);
    expect(res.body.statusCode).toBe(413);
  });
});

describe("pagination", () => {
  it("pages with the spec's envelope and defaults", async () => {
    const company = await createTestCompany();
    const res = await call(list, { path: "/v1/test-keys?pageSize=1&page=1", key: company.key });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, pageSize: 1, total: 1, totalPages: 1 });
    expect(res.body.data).toHaveLength(1);
    const defaults = await call(list, { path: "/v1/test-keys", key: company.key });
    expect(defaults.body.meta).toMatchObject({ page: 1, pageSize: 20 });
  });

  it("refuses out-of-range page and pageSize", async () => {
    const company = await createTestCompany();
    for (const q of ["page=0", "pageSize=0", "pageSize=101", "page=abc", "page=1.5"]) {
      const res = await call(list, { path: `/v1/test-keys?${q}`, key: company.key });
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
  });

  it("only ever sees the key's own company", async () => {
    const a = await createTestCompany();
    const b = await createTestCompany();
    const res = await call(list, { path: "/v1/test-keys", key: b.key });
    expect(res.body.data.map((k: { id: string }) => k.id)).toEqual([b.apiKeyId]);
    expect(res.body.data.map((k: { id: string }) => k.id)).not.toContain(a.apiKeyId);
  });
});
