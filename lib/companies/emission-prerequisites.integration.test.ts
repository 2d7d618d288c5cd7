import { describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { createTestCertificate, installCertificate } from "@/lib/certificates";
import { DomainError } from "@/lib/errors";
import { createTestCompany, db } from "@/test/factories";
import { assertEmissionPrerequisites, readinessChecklist } from "./emission-prerequisites";
import { updateFiscalSettings } from "./fiscal-settings";
import { setUpDemoCompany } from "./setup-demo-company";

async function failure(promise: Promise<unknown>): Promise<{ status: number; code: string; message: string } | null> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  return null;
}

const ADDRESS = { stateRegistration: "110042490114", street: "Avenida Paulista", streetNumber: "1000", neighborhood: "Bela Vista", city: "São Paulo", zipCode: "01310100" };

describe("assertEmissionPrerequisites", () => {
  it("reports, in order, certificate_missing, certificate_expired, fiscal_settings_incomplete with the fields, then csc_missing for NFC-e", async () => {
    const company = await createTestCompany();
    const check = (type: "NFE" | "NFCE" | "NFSE", now?: Date) => failure(assertEmissionPrerequisites({ companyId: company.companyId, type, now }));

    expect(await check("NFE")).toMatchObject({ status: 422, code: "certificate_missing" });

    await installCertificate({ companyId: company.companyId, ...createTestCertificate({ cnpj: company.cnpj, legalName: "X", notAfter: new Date(Date.now() + 86_400_000) }) });
    expect(await check("NFE", new Date(Date.now() + 2 * 86_400_000))).toMatchObject({ status: 422, code: "certificate_expired" });

    const incomplete = await check("NFE");
    expect(incomplete).toMatchObject({ status: 422, code: "fiscal_settings_incomplete" });
    expect(incomplete!.message).toContain("state registration (IE or ISENTO)");
    expect(incomplete!.message).toContain("ZIP code (CEP)");
    expect(incomplete!.message).not.toContain("municipal registration");
    expect((await check("NFSE"))!.message).toContain("municipal registration (IM)");

    await updateFiscalSettings(company.companyId, ADDRESS);
    expect(await check("NFE")).toBeNull();
    expect(await check("NFCE")).toMatchObject({ status: 422, code: "csc_missing" });

    await updateFiscalSettings(company.companyId, { cscId: "000001", cscToken: "ABCDEF0123456789ABCD" });
    expect(await check("NFCE")).toBeNull();
    expect(await check("NFSE")).toMatchObject({ code: "fiscal_settings_incomplete" });
    await updateFiscalSettings(company.companyId, { municipalRegistration: "1234567" });
    expect(await check("NFSE")).toBeNull();
  });

  it("answers certificate_cnpj_mismatch when the CNPJ changed after the certificate was installed", async () => {
    const company = await createTestCompany();
    await setUpDemoCompany(company.companyId);
    await updateFiscalSettings(company.companyId, { cnpj: randomCnpj() });
    expect(await failure(assertEmissionPrerequisites({ companyId: company.companyId, type: "NFE" }))).toMatchObject({ status: 422, code: "certificate_cnpj_mismatch" });
  });

  it("is 404 for an unknown company", async () => {
    expect(await failure(assertEmissionPrerequisites({ companyId: "missing", type: "NFE" }))).toMatchObject({ status: 404 });
  });
});

describe("readinessChecklist", () => {
  it("shows the same rules per document type, blocking and advisory", async () => {
    const company = await createTestCompany();
    await updateFiscalSettings(company.companyId, ADDRESS);
    const list = await readinessChecklist(company.companyId);
    expect(list.map((r) => [r.type, r.ready])).toEqual([
      ["NFE", false],
      ["NFCE", false],
      ["NFSE", false],
    ]);
    const nfce = list.find((r) => r.type === "NFCE")!;
    expect(nfce.checks.map((c) => [c.id, c.ok, c.blocking, c.code ?? null])).toEqual([
      ["certificate", false, true, "certificate_missing"],
      ["fiscal_settings", true, true, null],
      ["csc", false, true, "csc_missing"],
      ["default_taxes", false, false, null],
      ["reform_rates", false, false, null],
      ["technical_responsible", false, false, null],
    ]);
    // The dashboard translates the same outcome from its key and data.
    expect(nfce.checks.map((c) => c.detail.key)).toEqual(["certificateMissing", "settingsComplete", "cscMissing", "defaultTaxesMissing", "reformRatesMissing", "respTecMissing"]);
    const nfse = list.find((r) => r.type === "NFSE")!;
    expect(nfse.checks.find((c) => c.id === "fiscal_settings")?.detail).toEqual({ key: "settingsIncomplete", values: { type: "NFS-e" }, missingFields: ["municipalRegistration"] });
    // cNBS is optional: no NBS check while the company has no code.
    expect(nfse.checks.map((c) => c.id)).not.toContain("nfse_nbs");
  });

  it("blocks NFS-e (only) on a stored NBS code outside NBS 2.0, naming the field, and passes a valid one", async () => {
    const company = await createTestCompany();
    await updateFiscalSettings(company.companyId, { ...ADDRESS, municipalRegistration: "1234567" });
    await installCertificate({ companyId: company.companyId, ...createTestCertificate({ cnpj: company.cnpj, legalName: "X" }) });
    // Stored before the settings checked it: updateFiscalSettings refuses it now.
    await db.company.update({ where: { id: company.companyId }, data: { nfseNbsCode: "115022999" } });
    const nfse = (await readinessChecklist(company.companyId)).find((r) => r.type === "NFSE")!;
    expect(nfse.ready).toBe(false);
    expect(nfse.checks.find((c) => c.id === "nfse_nbs")).toMatchObject({ ok: false, blocking: true, code: "fiscal_settings_incomplete", detail: { key: "nfseNbsInvalid", values: { code: "115022999" } } });
    expect(await failure(assertEmissionPrerequisites({ companyId: company.companyId, type: "NFSE" }))).toMatchObject({ status: 422, code: "fiscal_settings_incomplete", message: expect.stringContaining("NBS code (nfseNbsCode) 115022999") });
    expect(await failure(assertEmissionPrerequisites({ companyId: company.companyId, type: "NFE" }))).toBeNull();

    await updateFiscalSettings(company.companyId, { nfseNbsCode: "115022000" });
    expect(await failure(assertEmissionPrerequisites({ companyId: company.companyId, type: "NFSE" }))).toBeNull();
  });
});

describe("IBS/CBS rates by issue date advice (issue 48 item 6)", () => {
  const reformCheck = async (companyId: string, now: string) =>
    (await readinessChecklist(companyId, db, new Date(now))).find((r) => r.type === "NFE")!.checks.find((c) => c.id === "reform_rates")!;

  it("warns in December 2026 that the 2027 CBS rate is not law yet, until the company dates its own; the NFS-e list has no such check", async () => {
    const company = await createTestCompany();
    await updateFiscalSettings(company.companyId, { ...ADDRESS, cbsRate: "0.9", ibsStateRate: "0.1", ibsMunicipalRate: "0" });
    const december = await reformCheck(company.companyId, "2026-12-07T12:00:00Z");
    expect(december).toMatchObject({ ok: false, blocking: false, detail: { key: "reformRatesMissing", values: { from: "2027-01-01", fields: "cbsRate" } } });
    expect(december.message).toContain("LC 214/2025 arts. 349 and 353");

    await updateFiscalSettings(company.companyId, { cbsRate: "8.7", ibsCbsRatesValidFrom: "2027-01-01" });
    expect(await reformCheck(company.companyId, "2026-12-07T12:00:00Z")).toMatchObject({ ok: true, detail: { key: "reformRatesSet" } });
    // A rate dated from February leaves January open.
    await updateFiscalSettings(company.companyId, { ibsCbsRatesValidFrom: "2027-02-01" });
    expect(await reformCheck(company.companyId, "2026-12-07T12:00:00Z")).toMatchObject({ ok: false, detail: { values: { from: "2027-01-01" } } });
    const nfse = (await readinessChecklist(company.companyId, db, new Date("2026-12-07T12:00:00Z"))).find((r) => r.type === "NFSE")!;
    expect(nfse.checks.map((c) => c.id)).not.toContain("reform_rates");
  });
});

describe("certificate chain advice", () => {
  it("warns (without blocking) about a self-signed test certificate in PRODUCTION only", async () => {
    const checksOf = async (environment: "PRODUCTION" | "HOMOLOGATION") => {
      const company = await createTestCompany();
      await setUpDemoCompany(company.companyId);
      await db.company.update({ where: { id: company.companyId }, data: { environment } });
      const nfe = (await readinessChecklist(company.companyId)).find((r) => r.type === "NFE")!;
      return nfe;
    };
    const production = await checksOf("PRODUCTION");
    expect(production.checks.find((c) => c.id === "certificate_chain")).toMatchObject({ ok: false, blocking: false });
    expect(production.ready).toBe(true);
    const homologation = await checksOf("HOMOLOGATION");
    expect(homologation.checks.map((c) => c.id)).not.toContain("certificate_chain");
  });
});

describe("setUpDemoCompany", () => {
  it.each(["SIMPLES_NACIONAL", "NORMAL"] as const)("leaves a %s company ready for NF-e, NFC-e and NFS-e", async (regime) => {
    const company = await createTestCompany({ regime });
    const { settings, certificate } = await setUpDemoCompany(company.companyId);
    expect(certificate.holderCnpj).toBe(company.cnpj);
    expect(settings).toMatchObject({
      nfeSeries: 1,
      nfceSeries: 1,
      cscId: "000001",
      defaultIbsCbsCst: "000",
      defaultCClassTrib: "000001",
      cbsRate: "0.9",
      ibsStateRate: "0.1",
      ibsMunicipalRate: "0",
      defaultIcmsCst: regime === "NORMAL" ? "00" : "102",
      city: "São Paulo",
    });
    for (const type of ["NFE", "NFCE", "NFSE"] as const) {
      await expect(assertEmissionPrerequisites({ companyId: company.companyId, type })).resolves.toBeUndefined();
    }
    // Every check passes but one piece of advice: the 2027 CBS rate, which no law fixes yet and a demo cannot invent.
    // A demo company is in São Paulo, whose own NFS-e system (Nota Fiscal Paulistana, issue 57) takes RPS layout 2
    // from 2026 from every regime: with its NBS set, a NORMAL one is ready too.
    const checks = (await readinessChecklist(company.companyId, db, new Date("2026-12-07T12:00:00Z"))).flatMap((r) => (r.ready ? r.checks : [{ id: `${r.type} not ready`, ok: false }]));
    expect(checks.filter((c) => !c.ok).map((c) => c.id)).toEqual(["reform_rates", "reform_rates"]);
  });
});
