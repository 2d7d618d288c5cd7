import { readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Contract } from "@/lib/contracts/contract";
import type { RouteHandler } from "@/lib/api/handle";
import { createAccountApiKey } from "@/lib/auth/account-api-keys";
import { ACCOUNT_SCOPES } from "@/lib/contracts/scopes";
import { createTestCompany, type TestCompany } from "@/test/factories";
import { signedInCookie } from "@/test/session";

// Issue 16, "A fuzz test in the suite": every /v1 and dashboard route that
// takes input gets NUL bytes, unpaired surrogates, invalid UTF-8, huge numbers,
// deep nesting, wrong types and wrong content types, in its path, query and
// body fields (named from the route's own contract when there is one). Each
// answer must be below 500 and, when an error, the spec's error object.

process.env.NEXTAUTH_SECRET = "fuzz-routes-test-secret";
const ROOT = path.resolve(import.meta.dirname, "../..");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

type Route = { file: string; contractPath: string; params: string[]; module: Partial<Record<(typeof METHODS)[number], RouteHandler>> };

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

async function loadRoutes(): Promise<Route[]> {
  const files = [...routeFiles(path.join(ROOT, "app/v1")), ...routeFiles(path.join(ROOT, "app/api/dashboard"))].filter((file) => !file.includes("[...path]"));
  return Promise.all(
    files.map(async (file) => {
      const relative = path.relative(path.join(ROOT, "app"), path.dirname(file));
      const contractPath = `/${relative.replace(/\[([^\]]+)\]/g, "{$1}")}`;
      const params = [...relative.matchAll(/\[([^\]]+)\]/g)].map((match) => match[1]!);
      return { file, contractPath, params, module: (await import(file)) as Route["module"] };
    }),
  );
}

/** Every contract object exported by lib/**\/*contracts*.ts, by "METHOD path". */
async function loadContracts(): Promise<Map<string, Contract>> {
  const contracts = new Map<string, Contract>();
  const files = readdirSync(path.join(ROOT, "lib"), { recursive: true, encoding: "utf8" }).filter((f) => /contracts?\.ts$/.test(f) && !f.includes("test"));
  for (const file of files) {
    const exported = (await import(path.join(ROOT, "lib", file))) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      const list = Array.isArray(value) ? value : [value];
      for (const item of list) {
        if (item && typeof item === "object" && "path" in item && "method" in item) {
          const contract = item as Contract;
          contracts.set(`${contract.method} ${contract.path}`, contract);
        }
      }
    }
  }
  return contracts;
}

function bodyFieldNames(contract: Contract | undefined): string[] {
  if (!contract?.body) return ["name", "value"];
  try {
    const schema = z.toJSONSchema(contract.body, { unrepresentable: "any", io: "input" }) as { properties?: Record<string, unknown>; anyOf?: { properties?: Record<string, unknown> }[] };
    const properties = schema.properties ?? schema.anyOf?.find((s) => s.properties)?.properties ?? {};
    const names = Object.keys(properties);
    return names.length ? names.slice(0, 25) : ["name", "value"];
  } catch {
    return ["name", "value"];
  }
}

function deep(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
}

type Probe = { label: string; method: string; params?: Record<string, string>; query?: string; body?: string | Uint8Array; contentType?: string };

function probesFor(route: Route, method: string, contract: Contract | undefined, companyId: string): Probe[] {
  const params = (value: string) => Object.fromEntries(route.params.map((name) => [name, name === "companyId" ? companyId : value]));
  const ok = params("fuzz-missing-id");
  const probes: Probe[] = [
    { label: "NUL id", method, params: params("\u0000") },
    { label: "surrogate id", method, params: params("\ud800x") },
    { label: "long id", method, params: params("x".repeat(5000)) },
    { label: "query NUL", method, params: ok, query: "?search=%00&page=1" },
    { label: "query invalid UTF-8", method, params: ok, query: "?search=%ED%A0%80" },
    { label: "query huge numbers", method, params: ok, query: "?page=1e308&pageSize=-99999999999999999999" },
  ];
  if (method === "GET" || method === "DELETE") return probes;
  const fields = bodyFieldNames(contract);
  const json = (value: unknown) => JSON.stringify(value);
  probes.push(
    { label: "deep nesting", method, params: ok, body: deep(3000) },
    { label: "array body", method, params: ok, body: "[1,2,3]" },
    { label: "string body", method, params: ok, body: '"text"' },
    { label: "number body", method, params: ok, body: "1e308" },
    { label: "malformed JSON", method, params: ok, body: '{"name":' },
    { label: "invalid UTF-8", method, params: ok, body: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80, 0xff]), Buffer.from('"}')]) },
    { label: "text/plain", method, params: ok, body: "name=x", contentType: "text/plain" },
    { label: "form", method, params: ok, body: "name=x", contentType: "application/x-www-form-urlencoded" },
  );
  for (const field of fields) {
    for (const [kind, value] of [
      ["NUL", "a\u0000b"],
      ["surrogate", "\udc00"],
      ["1e308", 1e308],
      ["-1e308", -1e308],
      ["2^31", 2147483648],
      ["object", { nested: [{ "\u0000": "\ud800" }] }],
      ["array", [[[[[[]]]]]]],
      ["true", true],
    ] as const) {
      probes.push({ label: `${field}=${kind}`, method, params: ok, body: json({ [field]: value }) });
    }
  }
  return probes;
}

let company: TestCompany;
let cookie: string;
let accountKey: string;

beforeAll(async () => {
  company = await createTestCompany();
  ({ cookie } = await signedInCookie(company.tenantId, "ADMIN"));
  // An account key naming the company reaches every /v1 route, the /v1/companies ones included.
  accountKey = (await createAccountApiKey({ tenantId: company.tenantId, name: "fuzz", scopes: [...ACCOUNT_SCOPES] })).key;
});

describe("fuzz: every route that takes input", () => {
  it("never answers 5xx and always answers errors with the error object", { timeout: 240_000 }, async () => {
    const [routes, contracts] = await Promise.all([loadRoutes(), loadContracts()]);
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const dashboard = route.contractPath.startsWith("/api/dashboard");
      for (const method of METHODS) {
        const handler = route.module[method];
        if (!handler) continue;
        const contract = contracts.get(`${method} ${route.contractPath}`);
        for (const probe of probesFor(route, method, contract, company.companyId)) {
          const url = `http://localhost${route.contractPath}${probe.query ?? ""}`;
          const headers: Record<string, string> = dashboard ? { cookie } : { authorization: `Bearer ${accountKey}`, "x-company-id": company.companyId };
          if (probe.body !== undefined) headers["content-type"] = probe.contentType ?? "application/json";
          const request = new Request(url, { method, headers, body: probe.body as BodyInit | undefined });
          const response = await handler(request, { params: Promise.resolve(probe.params ?? {}) });
          sent++;
          const text = await response.text();
          const where = `${method} ${route.contractPath} [${probe.label}] → ${response.status}`;
          if (response.status >= 500) failures.push(`${where}: ${text.slice(0, 200)}`);
          else if (response.status >= 400) {
            let body: { statusCode?: unknown; error?: unknown; message?: unknown } = {};
            try {
              body = JSON.parse(text);
            } catch {
              failures.push(`${where}: not JSON: ${text.slice(0, 100)}`);
              continue;
            }
            if (body.statusCode !== response.status || typeof body.error !== "string" || typeof body.message !== "string") failures.push(`${where}: not the error object: ${text.slice(0, 200)}`);
          }
        }
      }
    }
    console.log(`fuzz: ${sent} requests over ${routes.length} route files`);
    expect(failures, failures.slice(0, 30).join("\n")).toEqual([]);
  });
});
