import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createKey } from "@/app/v1/companies/[id]/api-keys/route";
import { GET as getCertificate, PUT as putCertificate } from "@/app/v1/companies/[id]/certificate/route";
import { GET as getSettings, PATCH as patchSettings } from "@/app/v1/companies/[id]/fiscal-settings/route";
import { GET as readiness } from "@/app/v1/companies/[id]/readiness/route";
import { GET as getCompany, PATCH as patchCompany } from "@/app/v1/companies/[id]/route";
import { GET as listSeries, PATCH as patchSeries, POST as createSeries } from "@/app/v1/companies/[id]/series/route";
import { GET as listCompanies, POST as createCompany } from "@/app/v1/companies/route";
import { GET as ownCompany } from "@/app/v1/company/route";
import { GET as getDocument } from "@/app/v1/fiscal-documents/[id]/route";
import { POST as createDocument } from "@/app/v1/fiscal-documents/route";
import { functions } from "@/inngest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { createAccountApiKey } from "@/lib/auth/account-api-keys";
import { ACCOUNT_SCOPES } from "@/lib/contracts/scopes";
import { randomCnpj } from "@/lib/br";
import { createTestCertificate } from "@/lib/certificates";
import { draftBody, startTestSimulator } from "@/lib/emission/testing/emission-fixtures";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db } from "@/test/factories";
import { call, type CallOptions } from "@/test/http";

// The integrator's path (docs/api.md, Onboarding): an account key alone creates a
// company, gives it a certificate, a CSC and a series, creates its company key,
// and both keys emit NF-e that the simulator authorizes.

let simulator: SimulatorServer;
beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(async () => {
  await simulator?.close();
});

type Handler = Parameters<typeof call>[0];
const as = (key: string, extra: Partial<CallOptions> = {}) => (handler: Handler, options: CallOptions) =>
  call(handler, { ...options, key, headers: { ...extra.headers, ...options.headers } });
const at = (id: string, tail = "") => ({ path: `/v1/companies/${id}${tail}`, params: { id } });

async function newAccount() {
  const tenant = await db.tenant.create({ data: { name: "Software house" } });
  const account = await createAccountApiKey({ tenantId: tenant.id, name: "ERP", scopes: [...ACCOUNT_SCOPES] });
  return { tenantId: tenant.id, key: account.key };
}

function companyBody(cnpj = randomCnpj()) {
  return {
    legalName: `Padaria Integrada ${cnpj.slice(0, 6)} Ltda`,
    tradeName: "Padaria Integrada",
    cnpj,
    stateRegistration: "110042490114",
    taxRegime: "NORMAL",
    environment: "HOMOLOGATION",
    zipCode: "01310-100",
    street: "Avenida Paulista",
    streetNumber: "1000",
    neighborhood: "Bela Vista",
    city: "São Paulo",
    state: "SP",
    municipalityCode: "3550308",
  };
}

async function settle(companyId: string, documentId: string, key: string, headers: Record<string, string> = {}) {
  await drainDueRuns(functions, { companyIds: [companyId] });
  const res = await call(getDocument, { path: `/v1/fiscal-documents/${documentId}`, params: { id: documentId }, key, headers });
  expect(res.status).toBe(200);
  return res.body;
}

describe("onboarding a company with an account key", () => {
  it("creates, configures and keys a company whose NF-e end AUTHORIZED; another tenant sees nothing", { timeout: 60_000 }, async () => {
    const account = await newAccount();
    const api = as(account.key);
    const body = companyBody();

    const created = await api(createCompany, { method: "POST", path: "/v1/companies", body, headers: { "idempotency-key": "onboard-1" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ tenantId: account.tenantId, cnpj: body.cnpj, zipCode: "01310100", stateRegistration: "110042490114", environment: "HOMOLOGATION" });
    const id: string = created.body.id;
    // A retry after a timeout answers the same company.
    const retried = await api(createCompany, { method: "POST", path: "/v1/companies", body, headers: { "idempotency-key": "onboard-1" } });
    expect(retried.body.id).toBe(id);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    const again = await api(createCompany, { method: "POST", path: "/v1/companies", body });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("company_exists");

    const { pfx, password } = createTestCertificate({ cnpj: body.cnpj, legalName: body.legalName });
    const wrong = await api(putCertificate, { method: "PUT", ...at(id, "/certificate"), body: { pfxBase64: pfx.toString("base64"), password: "wrong" } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe("certificate_password_invalid");
    const installed = await api(putCertificate, { method: "PUT", ...at(id, "/certificate"), body: { pfxBase64: pfx.toString("base64"), password } });
    expect(installed.status).toBe(200);
    expect(installed.body.holderCnpj).toBe(body.cnpj);
    expect((await api(getCertificate, at(id, "/certificate"))).body.active.id).toBe(installed.body.id);

    const csc = await api(patchSettings, { method: "PATCH", ...at(id, "/fiscal-settings"), body: { cscId: "000001", cscToken: "A1B2C3D4E5F6G7H8I9J0" } });
    expect(csc.status).toBe(200);
    expect(csc.body).toMatchObject({ cscId: "000001", cscTokenConfigured: true });
    expect(csc.body).not.toHaveProperty("cscToken");
    expect(JSON.stringify((await api(getSettings, at(id, "/fiscal-settings"))).body)).not.toContain("A1B2C3D4E5F6G7H8I9J0");

    const series = await api(createSeries, { method: "POST", ...at(id, "/series"), body: { type: "NFE", series: 2, nextNumber: 10, default: true } });
    expect(series.status).toBe(201);
    expect(series.body).toEqual({ type: "NFE", series: 2, environment: "HOMOLOGATION", nextNumber: 10, isDefault: true, autoInutilize: false });
    expect((await api(createSeries, { method: "POST", ...at(id, "/series"), body: { type: "NFE", series: 2 } })).status).toBe(409);
    expect((await api(patchSeries, { method: "PATCH", ...at(id, "/series"), body: { type: "NFE", series: 7, nextNumber: 3 } })).status).toBe(404);
    const listed = await api(listSeries, at(id, "/series"));
    expect(listed.body.data.filter((s: { isDefault: boolean; type: string }) => s.isDefault && s.type === "NFE")).toEqual([series.body]);

    const ready = await api(readiness, at(id, "/readiness"));
    expect(ready.status).toBe(200);
    expect(ready.body.data.find((r: { type: string }) => r.type === "NFE")).toMatchObject({ ready: true });

    const companyKey = await api(createKey, { method: "POST", ...at(id, "/api-keys"), body: { name: "Loja 1" } });
    expect(companyKey.status).toBe(201);
    expect(companyKey.body.key.startsWith("fsk_")).toBe(true);
    expect((await call(ownCompany, { path: "/v1/company", key: companyKey.body.key })).body).toMatchObject({ id, cnpj: body.cnpj });

    // The company key emits.
    const byCompanyKey = await call(createDocument, { method: "POST", path: "/v1/fiscal-documents", key: companyKey.body.key, body: draftBody({ emit: true }) });
    expect(byCompanyKey.status).toBe(201);
    const first = await settle(id, byCompanyKey.body.id, companyKey.body.key);
    expect(first).toMatchObject({ status: "AUTHORIZED", series: 2, number: 10 });
    expect(first.accessKey).toMatch(/^\d{44}$/);

    // The account key emits for it with X-Company-Id.
    const headers = { "x-company-id": id };
    const byAccountKey = await call(createDocument, { method: "POST", path: "/v1/fiscal-documents", key: account.key, headers, body: draftBody({ emit: true, externalId: "PED-1" }) });
    expect(byAccountKey.status).toBe(201);
    expect(await settle(id, byAccountKey.body.id, account.key, headers)).toMatchObject({ status: "AUTHORIZED", series: 2, number: 11 });

    // Another tenant's account key: 404 everywhere, never a hint.
    const stranger = as((await newAccount()).key);
    expect((await stranger(getCompany, at(id))).status).toBe(404);
    expect((await stranger(putCertificate, { method: "PUT", ...at(id, "/certificate"), body: { pfxBase64: pfx.toString("base64"), password } })).status).toBe(404);
    expect((await stranger(createKey, { method: "POST", ...at(id, "/api-keys"), body: { name: "x" } })).status).toBe(404);
    const foreign = await call(getDocument, { path: `/v1/fiscal-documents/${first.id}`, params: { id: first.id }, key: (await newAccount()).key, headers });
    expect(foreign.status).toBe(404);
    expect((await stranger(listCompanies, { path: "/v1/companies" })).body.meta.total).toBe(0);
  });

  it("lists and updates the account's companies; company keys cannot use the companies routes", async () => {
    const account = await newAccount();
    const api = as(account.key);
    const a = await api(createCompany, { method: "POST", path: "/v1/companies", body: companyBody() });
    const b = await api(createCompany, { method: "POST", path: "/v1/companies", body: { ...companyBody(), stateRegistration: undefined } });
    expect(b.status).toBe(201);
    const page = await api(listCompanies, { path: "/v1/companies?pageSize=1" });
    expect(page.body.meta).toEqual({ page: 1, pageSize: 1, total: 2, totalPages: 2 });
    expect(page.body.data.map((c: { id: string }) => c.id)).toEqual([a.body.id]);

    const renamed = await api(patchCompany, { method: "PATCH", ...at(a.body.id), body: { tradeName: "Nova Padaria", city: "São Paulo" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ tradeName: "Nova Padaria", legalName: a.body.legalName });
    const clash = await api(patchCompany, { method: "PATCH", ...at(a.body.id), body: { cnpj: b.body.cnpj } });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe("company_exists");
    const badIe = await api(patchCompany, { method: "PATCH", ...at(a.body.id), body: { stateRegistration: "123" } });
    expect(badIe.status).toBe(400);

    for (const bad of [{ ...companyBody(), cnpj: "11222333000180" }, { ...companyBody(), municipalityCode: "3304557" }, { ...companyBody(), certificate: "x" }]) {
      const res = await api(createCompany, { method: "POST", path: "/v1/companies", body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }

    const companyKey = await api(createKey, { method: "POST", ...at(a.body.id, "/api-keys"), body: { name: "Loja", scopes: ["documents:read"] } });
    expect(companyKey.body.scopes).toEqual(["documents:read"]);
    const refused = await call(listCompanies, { path: "/v1/companies", key: companyKey.body.key });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("insufficient_scope");
  });
});
