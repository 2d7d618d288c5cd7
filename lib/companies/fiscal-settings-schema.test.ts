import { describe, expect, it } from "vitest";
import { FiscalSettingsSchema, type FiscalSettingsInput } from "./fiscal-settings-schema";
import { sampleStateRegistration, stateRegistrationProblem } from "./state-registration";

const valid: FiscalSettingsInput = {
  cnpj: "11.222.333/0001-81",
  legalName: "Empresa Teste Ltda",
  stateRegistration: "110.042.490.114",
  municipalityCode: "3550308",
  state: "sp",
  zipCode: "01310-100",
  taxRegime: "SIMPLES_NACIONAL",
  environment: "HOMOLOGATION",
  nfeSeries: 1,
  nfceSeries: 1,
  defaultIcmsCst: "102",
  defaultPisRate: 1.65,
  cbsRate: "0,9",
};

function issues(input: FiscalSettingsInput): Record<string, string> {
  const result = FiscalSettingsSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("FiscalSettingsSchema", () => {
  it("normalizes a valid configuration (digits only, UF uppercased, rates as decimal strings)", () => {
    const parsed = FiscalSettingsSchema.parse(valid);
    expect(parsed).toMatchObject({ cnpj: "11222333000181", stateRegistration: "110042490114", state: "SP", zipCode: "01310100", defaultPisRate: "1.65", cbsRate: "0.9", tradeName: null });
  });

  it("reads receivedAutoAcknowledge as the API's boolean or the dashboard select's text, true when absent", () => {
    expect(FiscalSettingsSchema.parse(valid).receivedAutoAcknowledge).toBe(true);
    expect(FiscalSettingsSchema.parse({ ...valid, receivedAutoAcknowledge: null }).receivedAutoAcknowledge).toBe(true);
    expect(FiscalSettingsSchema.parse({ ...valid, receivedAutoAcknowledge: false }).receivedAutoAcknowledge).toBe(false);
    expect(FiscalSettingsSchema.parse({ ...valid, receivedAutoAcknowledge: "false" }).receivedAutoAcknowledge).toBe(false);
    expect(FiscalSettingsSchema.parse({ ...valid, receivedAutoAcknowledge: "true" }).receivedAutoAcknowledge).toBe(true);
    expect(issues({ ...valid, receivedAutoAcknowledge: "sim" as never })).toHaveProperty("receivedAutoAcknowledge");
  });

  it("accepts ISENTO as state registration and refuses an IE of the wrong length for the UF", () => {
    expect(issues({ ...valid, stateRegistration: "isento" })).toEqual({});
    expect(issues({ ...valid, stateRegistration: "12345" })).toHaveProperty("stateRegistration", "an IE of SP has 12 digits (got 5)");
    expect(issues({ ...valid, stateRegistration: "ABC" })).toHaveProperty("stateRegistration");
  });

  it("refuses a default IBS/CBS CST with rate reduction whose cClassTrib is not one of that CST (NT 2025.002 gRed)", () => {
    expect(issues({ ...valid, defaultIbsCbsCst: "200", defaultCClassTrib: "000001" })).toHaveProperty("defaultCClassTrib", "IBS/CBS CST 200 needs a cClassTrib of that CST from the official table (got 000001)");
    expect(issues({ ...valid, defaultIbsCbsCst: "200", defaultCClassTrib: "200034" })).toEqual({});
    expect(issues({ ...valid, defaultIbsCbsCst: "000", defaultCClassTrib: "000001" })).toEqual({});
  });

  it("refuses an IBGE code of another state", () => {
    expect(issues({ ...valid, municipalityCode: "3304557" })).toHaveProperty("municipalityCode", "IBGE code 3304557 does not belong to SP");
  });

  it("checks CST against CSOSN by regime", () => {
    expect(issues({ ...valid, defaultIcmsCst: "00" })).toHaveProperty("defaultIcmsCst");
    expect(issues({ ...valid, taxRegime: "NORMAL", defaultIcmsCst: "00" })).toEqual({});
    expect(issues({ ...valid, taxRegime: "NORMAL", defaultIcmsCst: "102" })).toHaveProperty("defaultIcmsCst");
    expect(issues({ ...valid, taxRegime: "SIMPLES_EXCESS", defaultIcmsCst: "00" })).toEqual({});
  });

  it("keeps rates between 0 and 100 with at most 4 decimals", () => {
    expect(issues({ ...valid, defaultIcmsRate: 101 })).toHaveProperty("defaultIcmsRate");
    expect(issues({ ...valid, defaultIcmsRate: -1 })).toHaveProperty("defaultIcmsRate");
    expect(issues({ ...valid, defaultIcmsRate: "18.12345" })).toHaveProperty("defaultIcmsRate");
    expect(issues({ ...valid, defaultIcmsRate: "abc" })).toHaveProperty("defaultIcmsRate", "must be a number");
    expect(issues({ ...valid, defaultIcmsRate: "0" })).toEqual({});
  });

  it("requires the CSC id and token together, with the token of 16 to 36 characters", () => {
    expect(issues({ ...valid, cscId: "000001" })).toHaveProperty("cscToken");
    expect(issues({ ...valid, cscToken: "A1B2C3D4E5F6G7H8" })).toHaveProperty("cscId");
    expect(issues({ ...valid, cscId: "000001", cscToken: "short" })).toHaveProperty("cscToken");
    expect(issues({ ...valid, cscId: "1234567", cscToken: "A1B2C3D4E5F6G7H8" })).toHaveProperty("cscId");
    expect(issues({ ...valid, cscId: "000001", cscToken: "A1B2C3D4E5F6G7H8" })).toEqual({});
  });

  it("validates codes, CEP, series and the technical responsible CNPJ", () => {
    const found = issues({ ...valid, zipCode: "123", defaultCfop: "9102", defaultNcm: "123", defaultPisCst: "77", nfeSeries: 1000, respTecCnpj: "11222333000100" });
    expect(Object.keys(found).sort()).toEqual(["defaultCfop", "defaultNcm", "defaultPisCst", "nfeSeries", "respTecCnpj", "zipCode"]);
  });
});

describe("state registration", () => {
  it("builds SP samples with valid check digits (known valid IE 110.042.490.114)", () => {
    expect(sampleStateRegistration("SP", "11004249")).toBe("110042490114");
    expect(stateRegistrationProblem(sampleStateRegistration("RJ"), "RJ")).toBeNull();
    expect(stateRegistrationProblem(sampleStateRegistration("MG"), "MG")).toBeNull();
  });
});
