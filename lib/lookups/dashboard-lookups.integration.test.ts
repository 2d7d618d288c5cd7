import { describe, expect, it } from "vitest";
import { GET as taxpayerRoute } from "@/app/api/dashboard/companies/[companyId]/lookups/taxpayers/route";
import { GET as nfeRoute } from "@/app/api/dashboard/companies/[companyId]/lookups/nfe/[accessKey]/route";
import { authorizedDocument } from "@/lib/document-events/testing/authorized-document";
import { createEmittingCompany } from "@/lib/emission/testing/emission-fixtures";
import { simulatorCompanyFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import { KEY_LOOKUPS_PER_HOUR } from "./nfe-by-key";

// The dashboard's "Consultas" (issue 56 item 6) against the simulator: the same answers as
// /v1/lookups behind a session, for every role (SUPPORT too: a lookup changes nothing),
// scoped by the company in the path (another tenant's company is 404).

process.env.NEXTAUTH_SECRET = "dashboard-lookups-secret";
const fixture = simulatorCompanyFixture();

const taxpayers = (companyId: string, query: string, headers?: Record<string, string>) =>
  call(taxpayerRoute, { path: `/api/dashboard/companies/${companyId}/lookups/taxpayers?${query}`, params: { companyId }, headers });
const nfe = (companyId: string, accessKey: string, headers?: Record<string, string>) =>
  call(nfeRoute, { path: `/api/dashboard/companies/${companyId}/lookups/nfe/${accessKey}`, params: { companyId, accessKey }, headers });

describe("dashboard taxpayer lookup", () => {
  it("SUPPORT reads the registry, cached then refreshed; no session is 401, another company is 404", async () => {
    const support = await signedInCookie(fixture.company.tenantId, "SUPPORT");
    const { companyId, cnpj } = fixture.company;

    const first = await taxpayers(companyId, `document=${cnpj}&state=SP`, support);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ document: cnpj, state: "SP", registered: true, active: true, registrations: [{ cnpj, situation: "ACTIVE", state: "SP" }] });
    const cached = await taxpayers(companyId, `document=${cnpj}&state=SP`, support);
    expect(cached.body).toMatchObject({ cached: true, consultedAt: first.body.consultedAt });
    fixture.simulator.faults.add({ document: cnpj, action: { kind: "taxpayer_inactive" } });
    const refreshed = await taxpayers(companyId, `document=${cnpj}&state=SP&refresh=true`, support);
    expect(refreshed.body).toMatchObject({ cached: false, active: false, registrations: [{ situation: "INACTIVE" }] });

    expect((await taxpayers(companyId, `document=${cnpj}&state=SP`)).status).toBe(401);
    const other = await createEmittingCompany();
    const foreign = await taxpayers(other.companyId, `document=${cnpj}&state=SP`, support);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("not_found");
  });

  it("answers the API's errors: 400 for a bad CNPJ, 422 taxpayer_lookup_unavailable for RJ", async () => {
    const accountant = await signedInCookie(fixture.company.tenantId, "ACCOUNTANT");
    const bad = await taxpayers(fixture.company.companyId, "document=11111111111112&state=SP", accountant);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("validation_error");
    const rj = await taxpayers(fixture.company.companyId, `document=${fixture.company.cnpj}&state=RJ`, accountant);
    expect(rj.status).toBe(422);
    expect(rj.body.code).toBe("taxpayer_lookup_unavailable");
  });
});

describe("dashboard NF-e lookup by key", () => {
  it("answers the situation with the company's own documentId, none for another company's session, 404 across tenants, 429 past the key's limit", { timeout: 60_000 }, async () => {
    const document = await authorizedDocument(fixture.company.companyId);
    const key = document.accessKey!;
    const support = await signedInCookie(fixture.company.tenantId, "SUPPORT");

    const own = await nfe(fixture.company.companyId, key, support);
    expect(own.status, own.text).toBe(200);
    expect(own.body).toMatchObject({ accessKey: key, status: "AUTHORIZED", protocol: document.protocolNumber, documentId: document.id, events: [] });

    const other = await createEmittingCompany();
    const otherAdmin = await signedInCookie(other.tenantId, "ADMIN");
    const theirs = await nfe(other.companyId, key, otherAdmin);
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body).toMatchObject({ status: "AUTHORIZED", documentId: null });
    // One tenant's session never reaches another's company, even with a key that exists there.
    expect((await nfe(other.companyId, key, support)).status).toBe(404);
    expect((await nfe(fixture.company.companyId, key, otherAdmin)).status).toBe(404);

    const wrongDigit = key.slice(0, 43) + String((Number(key[43]) + 1) % 10);
    const bad = await nfe(fixture.company.companyId, wrongDigit, support);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("validation_error");

    for (let i = 1; i < KEY_LOOKUPS_PER_HOUR; i++) expect((await nfe(fixture.company.companyId, key, support)).status).toBe(200);
    const limited = await nfe(fixture.company.companyId, key, support);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
