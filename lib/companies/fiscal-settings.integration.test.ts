import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { allocateNumber } from "@/lib/numbering";
import { createTestCompany, db } from "@/test/factories";
import { getFiscalSettings, updateFiscalSettings } from "./fiscal-settings";

async function failure(promise: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a DomainError");
}

describe("fiscal settings", () => {
  it("reads what createCompany stored and updates a subset, keeping the rest", async () => {
    const { companyId, cnpj } = await createTestCompany({ regime: "NORMAL" });
    const before = await getFiscalSettings(companyId);
    expect(before).toMatchObject({ cnpj, state: "SP", municipalityCode: "3550308", taxRegime: "NORMAL", nfeSeries: 1, nfeNextNumber: 1, stateRegistration: null });

    const after = await updateFiscalSettings(companyId, {
      stateRegistration: "110.042.490.114",
      street: "Avenida Paulista",
      defaultIcmsCst: "00",
      defaultIcmsRate: 18,
      cbsRate: "0.9",
      cscId: "000001",
      cscToken: "ABCDEF0123456789ABCD",
    });
    expect(after).toMatchObject({ stateRegistration: "110042490114", street: "Avenida Paulista", defaultIcmsRate: "18", cbsRate: "0.9", legalName: before.legalName });
    const row = await db.company.findUniqueOrThrow({ where: { id: companyId } });
    expect(row.defaultIcmsRate?.toString()).toBe("18");
  });

  it("validates the merged result: a state change must bring an IBGE code and IE of the new state", async () => {
    const { companyId } = await createTestCompany();
    await updateFiscalSettings(companyId, { stateRegistration: "110042490114" });
    const error = await failure(updateFiscalSettings(companyId, { state: "RJ" }));
    expect(error).toMatchObject({ status: 400, code: "validation_error" });
    expect(error.message).toContain("body.municipalityCode");
    expect(error.message).toContain("body.stateRegistration");
    await expect(updateFiscalSettings(companyId, { state: "RJ", municipalityCode: "3304557", stateRegistration: "99.999.99-3" })).resolves.toMatchObject({ state: "RJ" });
  });

  it("refuses a CST of the wrong table for the regime, with the field path", async () => {
    const { companyId } = await createTestCompany({ regime: "SIMPLES_NACIONAL" });
    const error = await failure(updateFiscalSettings(companyId, { defaultIcmsCst: "00" }));
    expect(error.message).toMatch(/^body\.defaultIcmsCst: ICMS code 00 is a regular-regime CST/);
    // Changing the regime together with the code is consistent.
    await expect(updateFiscalSettings(companyId, { taxRegime: "NORMAL", defaultIcmsCst: "00" })).resolves.toMatchObject({ taxRegime: "NORMAL" });
  });

  it("sets the next number of the default series (a company continuing another issuer's sequence)", async () => {
    const { companyId } = await createTestCompany();
    await updateFiscalSettings(companyId, { nfeNextNumber: 120, nfceSeries: 2, nfceNextNumber: 7 });
    expect(await allocateNumber(db, { companyId, model: 55, series: 1, environment: "HOMOLOGATION" })).toBe(120);
    expect(await allocateNumber(db, { companyId, model: 65, series: 2, environment: "HOMOLOGATION" })).toBe(7);
    expect(await getFiscalSettings(companyId)).toMatchObject({ nfeNextNumber: 121, nfceSeries: 2, nfceNextNumber: 8 });
  });

  it("stores the NFS-e settings and the DPS counter; refuses a service code outside the national list, an NBS code outside NBS 2.0 and an ISS rate above 5%", async () => {
    const { companyId } = await createTestCompany({ regime: "SIMPLES_NACIONAL" });
    const saved = await updateFiscalSettings(companyId, {
      nfseRegApTribSN: 1, nfseRegEspTrib: 6, dpsSeries: 3, dpsNextNumber: 41, nfseServiceCode: "010101", nfseMunicipalServiceCode: "001", nfseNbsCode: "115022000", nfseIssRate: "2.5",
    });
    expect(saved).toMatchObject({ nfseRegApTribSN: 1, nfseRegEspTrib: 6, dpsSeries: 3, dpsNextNumber: 41, nfseServiceCode: "010101", nfseIssRate: "2.5" });
    expect(await allocateNumber(db, { companyId, model: 99, series: 3, environment: "HOMOLOGATION" })).toBe(41);
    const unknownService = await failure(updateFiscalSettings(companyId, { nfseServiceCode: "999999" }));
    expect(unknownService).toMatchObject({ status: 400, code: "validation_error", message: expect.stringContaining("national NFS-e service list") });
    // 115022999 has the 9 digits the schema asks for but is no NBS 2.0 code; 1150220 is a group, not a cNBS.
    const unknownNbs = await failure(updateFiscalSettings(companyId, { nfseNbsCode: "115022999" }));
    expect(unknownNbs).toMatchObject({ status: 400, code: "validation_error", message: expect.stringMatching(/^body\.nfseNbsCode: 115022999 is not a valid NBS 2\.0 code/) });
    expect(await failure(updateFiscalSettings(companyId, { nfseNbsCode: "1150220" }))).toMatchObject({ status: 400, message: expect.stringContaining("nfseNbsCode") });
    expect(await updateFiscalSettings(companyId, { nfseNbsCode: "101011100" })).toMatchObject({ nfseNbsCode: "101011100" });
    expect(await failure(updateFiscalSettings(companyId, { nfseIssRate: "6" }))).toMatchObject({ status: 400, message: expect.stringContaining("at most 5%") });
    expect(await failure(updateFiscalSettings(companyId, { nfseRegEspTrib: 7 }))).toMatchObject({ status: 400, message: expect.stringContaining("regEspTrib") });
  });

  it("sets the environment, the only place it is set", async () => {
    const { companyId } = await createTestCompany();
    await updateFiscalSettings(companyId, { environment: "PRODUCTION" });
    expect((await db.company.findUniqueOrThrow({ where: { id: companyId } })).environment).toBe("PRODUCTION");
  });

  it("answers 404 for an unknown company", async () => {
    expect(await failure(getFiscalSettings("nope"))).toMatchObject({ status: 404 });
  });
});
