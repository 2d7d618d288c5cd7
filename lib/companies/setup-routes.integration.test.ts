import { beforeAll, describe, expect, it } from "vitest";
import { GET as getCertificate, POST as uploadCertificate } from "@/app/api/dashboard/companies/[companyId]/certificate/route";
import { GET as getNumbering } from "@/app/api/dashboard/companies/[companyId]/numbering/route";
import { GET as getReadiness } from "@/app/api/dashboard/companies/[companyId]/settings/readiness/route";
import { GET as getSettings, PATCH as patchSettings } from "@/app/api/dashboard/companies/[companyId]/settings/route";
import { createTestCertificate } from "@/lib/certificates";
import { withMacIterations } from "@/lib/certificates/test-support/hostile-pkcs12";
import { createTestCompany, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";

const SECRET = "company-setup-routes-secret";
process.env.NEXTAUTH_SECRET = SECRET;

const cookie = (tenantId: string, role: "ADMIN" | "ACCOUNTANT" | "SUPPORT") => signedInCookie(tenantId, role);

let company: TestCompany;
let accountant: Record<string, string>;
let support: Record<string, string>;
const at = (suffix: string) => ({ path: `/api/dashboard/companies/${company.companyId}/${suffix}`, params: { companyId: company.companyId } });

beforeAll(async () => {
  company = await createTestCompany({ regime: "SIMPLES_NACIONAL" });
  accountant = await cookie(company.tenantId, "ACCOUNTANT");
  support = await cookie(company.tenantId, "SUPPORT");
});

describe("settings routes", () => {
  it("reads settings and refuses an invalid update with 400 naming the field, then accepts the fix", async () => {
    const read = await call(getSettings, { ...at("settings"), headers: support });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ cnpj: company.cnpj, taxRegime: "SIMPLES_NACIONAL" });

    const bad = await call(patchSettings, { ...at("settings"), method: "PATCH", headers: accountant, body: { stateRegistration: "123", defaultIcmsCst: "00" } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("validation_error");
    expect(bad.body.message).toContain("body.stateRegistration: an IE of SP has 12 digits (got 3)");
    expect(bad.body.message).toContain("body.defaultIcmsCst");

    const good = await call(patchSettings, { ...at("settings"), method: "PATCH", headers: accountant, body: { stateRegistration: "110042490114", defaultIcmsCst: "102" } });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ stateRegistration: "110042490114", defaultIcmsCst: "102" });
  });

  it("lets SUPPORT read but not change settings (403 forbidden_role), with the CSC masked", async () => {
    await call(patchSettings, { ...at("settings"), method: "PATCH", headers: accountant, body: { cscId: "000001", cscToken: "ABCDEF0123456789WXYZ" } });
    const asSupport = await call(getSettings, { ...at("settings"), headers: support });
    expect(asSupport.body.cscToken).toBe("••••••••WXYZ");
    expect(asSupport.text).not.toContain("ABCDEF0123456789WXYZ");
    const asAccountant = await call(getSettings, { ...at("settings"), headers: accountant });
    expect(asAccountant.body.cscToken).toBe("ABCDEF0123456789WXYZ");

    const res = await call(patchSettings, { ...at("settings"), method: "PATCH", headers: support, body: { phone: "1133334444" } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden_role");
  });

  it("answers the readiness checklist per document type", async () => {
    const res = await call(getReadiness, { ...at("settings/readiness"), headers: support });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { type: string }) => r.type)).toEqual(["NFE", "NFCE", "NFSE"]);
    expect(res.body.data[0].checks[0]).toMatchObject({ id: "certificate", ok: false, code: "certificate_missing" });
  });
});

describe("certificate routes", () => {
  it("installs an uploaded PFX, never echoing the password, and shows it as active", async () => {
    const { pfx, password } = createTestCertificate({ cnpj: company.cnpj, legalName: "Loja Rota" });
    const wrong = await call(uploadCertificate, { ...at("certificate"), method: "POST", headers: accountant, body: { pfxBase64: pfx.toString("base64"), password: "nope" } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe("certificate_password_invalid");

    const res = await call(uploadCertificate, { ...at("certificate"), method: "POST", headers: accountant, body: { pfxBase64: pfx.toString("base64"), password } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ holderCnpj: company.cnpj, holderName: "LOJA ROTA", expired: false });
    // HOMOLOGATION accepts the self-signed test certificate and says SEFAZ would refuse it in production.
    expect(res.body.warnings).toEqual([{ code: "certificate_not_icp_brasil", message: expect.stringContaining("Accepted for HOMOLOGATION only") }]);
    expect(res.text).not.toContain(password);

    const read = await call(getCertificate, { ...at("certificate"), headers: support });
    expect(read.body.active.id).toBe(res.body.id);
    expect(read.text).not.toContain(password);
  });

  it("refuses at once, with 422, a PFX asking for 10,000,000 key-derivation iterations (it froze a process for 21 s)", async () => {
    const hostile = withMacIterations(createTestCertificate({ cnpj: company.cnpj, legalName: "Loja Hostil", password: "x" }).pfx, 10_000_000);
    const started = performance.now();
    const res = await call(uploadCertificate, { ...at("certificate"), method: "POST", headers: accountant, body: { pfxBase64: hostile.toString("base64"), password: "x" } });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "certificate_invalid", message: expect.stringContaining("asks for 10,000,000 key-derivation iterations") });
  });

  it("refuses an upload from SUPPORT and a body that is not base64", async () => {
    const forbidden = await call(uploadCertificate, { ...at("certificate"), method: "POST", headers: support, body: { pfxBase64: "AAAA", password: "x" } });
    expect(forbidden.status).toBe(403);
    const invalid = await call(uploadCertificate, { ...at("certificate"), method: "POST", headers: accountant, body: { pfxBase64: "not base64!", password: "x" } });
    expect(invalid.status).toBe(400);
  });
});

describe("numbering route", () => {
  it("lists the default series with their next number and no unused numbers for a new company", async () => {
    const res = await call(getNumbering, { ...at("numbering"), headers: support });
    expect(res.status).toBe(200);
    expect(res.body.series.filter((s: { isDefault: boolean }) => s.isDefault).map((s: { model: number; nextNumber: number }) => [s.model, s.nextNumber])).toEqual([
      [55, 1],
      [65, 1],
    ]);
    expect(res.body.unused).toEqual([]);
  });
});
