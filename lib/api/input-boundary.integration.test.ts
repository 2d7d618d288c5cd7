import { describe, expect, it } from "vitest";
import { z } from "zod";
import { resetEnvCache } from "@/lib/config/env";
import { createTestCompany, db } from "@/test/factories";
import { call } from "@/test/http";
import { defineContract } from "@/lib/contracts/contract";
import { handle } from "./handle";

// The one input boundary (issue 16, "What must exist" 1): text that cannot be
// stored is refused where contracts are parsed, naming the field; the route's
// domain function never runs.
let reached = 0;
const contract = defineContract({
  method: "POST",
  path: "/v1/test-things/{id}",
  summary: "test",
  tag: "Test",
  scope: "clients:write",
  params: z.object({ id: z.string() }),
  query: z.object({ search: z.string().optional() }),
  body: z.object({ name: z.string(), nested: z.unknown().optional() }),
});
const route = handle(contract, async ({ body, companyId }) => {
  reached++;
  // Writes the text, as a real route would: a NUL here would be a 500 (22021).
  await db.$executeRaw`SELECT ${body.name}::text, ${companyId}::text`;
  return { ok: true };
});

async function post(company: { key: string }, options: { id?: string; path?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }) {
  const id = options.id ?? "abc";
  return call(route, { method: "POST", path: options.path ?? `/v1/test-things/x`, key: company.key, params: { id }, body: options.body, rawBody: options.rawBody, headers: options.headers });
}

describe("input boundary", () => {
  it("refuses NUL and unpaired surrogates in body strings and keys, naming the field", async () => {
    const company = await createTestCompany();
    const before = reached;
    const cases: [unknown, string][] = [
      [{ name: "a\u0000b" }, "body.name: must not contain a NUL"],
      [{ name: "x\ud800" }, "body.name: must not contain an unpaired UTF-16 surrogate"],
      [{ name: "\udc00x" }, "body.name: must not contain an unpaired"],
      [{ name: "ok", nested: { list: ["fine", "bad\u0000"] } }, "body.nested.list.1: must not contain a NUL"],
      [{ name: "ok", nested: { "k\u0000": 1 } }, "body.nested: a field name must not contain a NUL"],
    ];
    for (const [body, message] of cases) {
      const res = await post(company, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request", code: "validation_error" });
      expect(res.body.message).toContain(message);
    }
    expect(reached).toBe(before);
    // A paired surrogate (an emoji) is ordinary text.
    expect((await post(company, { body: { name: "ok 😀" } })).status).toBe(200);
  });

  it("refuses invalid UTF-8 in the body instead of replacing it", async () => {
    const company = await createTestCompany();
    const bytes = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]);
    const request = new Request("http://localhost/v1/test-things/x", {
      method: "POST",
      headers: { authorization: `Bearer ${company.key}`, "content-type": "application/json" },
      body: bytes,
    });
    const response = await route(request, { params: Promise.resolve({ id: "x" }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "validation_error", message: "body: not valid UTF-8" });
  });

  it("refuses NUL in a path parameter and in the query, and invalid UTF-8 in the query", async () => {
    const company = await createTestCompany();
    const inPath = await post(company, { id: "\u0000", body: { name: "ok" } });
    expect(inPath.status).toBe(400);
    expect(inPath.body.message).toContain("params.id: must not contain a NUL");
    const inQuery = await post(company, { path: "/v1/test-things/x?search=%00", body: { name: "ok" } });
    expect(inQuery.status).toBe(400);
    expect(inQuery.body.message).toContain("query.search: must not contain a NUL");
    const invalid = await post(company, { path: "/v1/test-things/x?search=%ED%A0%80", body: { name: "ok" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain("query.search: not valid percent-encoded UTF-8");
  });

  it("refuses JSON nested deeper than 32 levels, without overflowing the stack", async () => {
    const company = await createTestCompany();
    const depth = 3000;
    const res = await post(company, { rawBody: `{"name":"ok","nested":${"[".repeat(depth)}${"]".repeat(depth)}}` });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_error");
    expect(res.body.message).toContain("nested more than 32 levels deep");
  });
});

describe("authorization header", () => {
  it("accepts the bearer scheme in any case and refuses two credentials joined", async () => {
    const company = await createTestCompany();
    const lower = await call(route, { method: "POST", path: "/v1/test-things/x", params: { id: "x" }, body: { name: "ok" }, headers: { authorization: `bearer ${company.key}` } });
    expect(lower.status).toBe(200);
    const headers = new Headers();
    headers.append("authorization", `Bearer ${company.key}`);
    headers.append("authorization", "Bearer fsk_someoneelse000000000000000000");
    const request = new Request("http://localhost/v1/test-things/x", { method: "POST", headers, body: JSON.stringify({ name: "ok" }) });
    const twice = await route(request, { params: Promise.resolve({ id: "x" }) });
    expect(twice.status).toBe(401);
  });
});

describe("API rate limit", () => {
  it("puts RateLimit headers on every answer and answers 429 with Retry-After above the key's limit", async () => {
    process.env.API_RATE_LIMIT = "3";
    process.env.API_RATE_LIMIT_WINDOW_SECONDS = "3600";
    resetEnvCache();
    try {
      const company = await createTestCompany();
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        // The second one is a validation error: it still counts and still carries the headers.
        last = await post(company, { body: i === 1 ? { name: 1 } : { name: "ok" } });
        statuses.push(last.status);
        expect(last.headers.get("ratelimit-policy")).toBe('"api-key";q=3;w=3600');
        expect(last.headers.get("x-ratelimit-limit")).toBe("3");
        expect(last.headers.get("ratelimit")).toMatch(/^"api-key";r=\d+;t=\d+$/);
      }
      expect(statuses).toEqual([200, 400, 200, 429]);
      expect(last!.body).toMatchObject({ statusCode: 429, code: "rate_limited" });
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(last!.headers.get("x-ratelimit-remaining")).toBe("0");
      // Another key of another company has its own budget.
      const other = await createTestCompany();
      expect((await post(other, { body: { name: "ok" } })).status).toBe(200);
    } finally {
      delete process.env.API_RATE_LIMIT;
      delete process.env.API_RATE_LIMIT_WINDOW_SECONDS;
      resetEnvCache();
    }
  });
});
