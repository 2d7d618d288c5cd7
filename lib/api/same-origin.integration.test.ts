import { beforeAll, describe, expect, it } from "vitest";
import { POST as createKeyRoute } from "@/app/api/dashboard/companies/[companyId]/api-keys/route";
import { createTestCompany, db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";

// Dashboard mutations accept only JSON from the dashboard's own origin (issue 16, defect 8).
process.env.NEXTAUTH_SECRET = "same-origin-test-secret";

let company: TestCompany;
let cookie: string;
const path = () => `/api/dashboard/companies/${company.companyId}/api-keys`;

beforeAll(async () => {
  company = await createTestCompany();
  ({ cookie } = await signedInCookie(company.tenantId, "ADMIN"));
});

const create = (headers: Record<string, string>, rawBody = JSON.stringify({ name: "from test", scopes: ["clients:read"] })) =>
  call(createKeyRoute, { method: "POST", path: path(), params: { companyId: company.companyId }, rawBody, headers: { cookie, ...headers } });

describe("dashboard mutations: same-origin JSON only", () => {
  it("refuses another origin, a cross-site fetch and text/plain, creating nothing", async () => {
    const before = await db.apiKey.count({ where: { companyId: company.companyId } });
    const crossOrigin = await create({ origin: "https://evil.example", "content-type": "application/json" });
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.body).toMatchObject({ statusCode: 403, code: "cross_origin_request" });
    const crossSite = await create({ "sec-fetch-site": "cross-site", "content-type": "application/json" });
    expect(crossSite.status).toBe(403);
    const nullOrigin = await create({ origin: "null", "content-type": "application/json" });
    expect(nullOrigin.status).toBe(403);
    const textPlain = await create({ origin: "http://localhost", "content-type": "text/plain" });
    expect(textPlain.status).toBe(415);
    expect(textPlain.body).toMatchObject({ statusCode: 415, code: "unsupported_media_type" });
    const form = await create({ "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" }, "name=x");
    expect(form.status).toBe(415);
    expect(await db.apiKey.count({ where: { companyId: company.companyId } })).toBe(before);
  });

  it("accepts JSON from the same origin (Origin matching Host, or Sec-Fetch-Site same-origin)", async () => {
    expect((await create({ origin: "http://localhost", "content-type": "application/json" })).status).toBe(201);
    expect((await create({ "sec-fetch-site": "same-origin", "content-type": "application/json; charset=utf-8" })).status).toBe(201);
    expect((await create({ origin: "https://app.example", "x-forwarded-host": "app.example", "content-type": "application/json" })).status).toBe(201);
  });
});
