import { readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RouteHandler } from "@/lib/api/run-contract";
import { createTestCompany, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";

// The role policy, route by route: every mutating dashboard route refuses
// SUPPORT with 403 forbidden_role before reading its input, so a new write
// route that forgets `{ roles }` fails here. Webhook routes are left to
// lib/webhooks' own tests: some of them (redeliver, re-dispatch, backfill,
// test event) are open to SUPPORT by design (WEBHOOK_OPERATOR_ROLES).

process.env.NEXTAUTH_SECRET = "dashboard-write-routes-secret";

const ROOT = path.resolve(import.meta.dirname, "../../app/api/dashboard");
const MUTATING = ["POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

// account/: the user's own account (their password), open to every role by design.
const files = routeFiles(ROOT).filter((file) => !/webhook|^account\//i.test(path.relative(ROOT, file)));

let company: TestCompany;
let support: { cookie: string };
let accountant: { cookie: string };

beforeAll(async () => {
  company = await createTestCompany();
  support = await signedInCookie(company.tenantId, "SUPPORT");
  accountant = await signedInCookie(company.tenantId, "ACCOUNTANT");
});

describe("dashboard write routes", () => {
  it("covers the routes it means to", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it("refuse SUPPORT on every mutating method (ACCOUNTANT too on user management)", async () => {
    const checked: string[] = [];
    for (const file of files) {
      const routeModule = (await import(/* @vite-ignore */ file)) as Partial<Record<(typeof MUTATING)[number], RouteHandler>>;
      const relative = path.relative(ROOT, path.dirname(file));
      const params = Object.fromEntries([...relative.matchAll(/\[(\w+)\]/g)].map(([, name]) => [name!, name === "companyId" ? company.companyId : `missing-${name}`]));
      const urlPath = `/api/dashboard/${relative.replace(/\[(\w+)\]/g, (_, name: string) => params[name]!)}`;
      for (const method of MUTATING) {
        const handler = routeModule[method];
        if (!handler) continue;
        const callers = relative.includes("users") ? [support, accountant] : [support];
        for (const headers of callers) {
          const res = await call(handler, { method, path: urlPath, params, headers, body: {} });
          expect({ route: `${method} ${urlPath}`, status: res.status, code: res.body?.code }).toEqual({ route: `${method} ${urlPath}`, status: 403, code: "forbidden_role" });
        }
        checked.push(`${method} ${relative}`);
      }
    }
    expect(checked.length).toBeGreaterThan(25);
  });
});
