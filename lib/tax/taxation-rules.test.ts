import { describe, expect, it } from "vitest";
import {
  cfopFieldProblem,
  cfopMatches,
  suggestInterstateCfops,
  usesCsosn,
  validateIcmsTaxation,
  validateOtherTaxes,
} from "./taxation-rules";

const reasonOf = (result: ReturnType<typeof validateIcmsTaxation>) => (result.ok ? null : result.reason);

describe("CST table per regime", () => {
  it("uses CSOSN for Simples Nacional and MEI, CST for the regular regime and CRT 2", () => {
    expect(usesCsosn("SIMPLES_NACIONAL")).toBe(true);
    expect(usesCsosn("MEI")).toBe(true);
    expect(usesCsosn("NORMAL")).toBe(false);
    expect(usesCsosn("SIMPLES_EXCESS")).toBe(false);
  });

  it("refuses a regular CST on a Simples company and a CSOSN on a regular one", () => {
    expect(reasonOf(validateIcmsTaxation("SIMPLES_NACIONAL", { icmsCst: "00" }))).toMatch(/regular-regime CST/);
    expect(reasonOf(validateIcmsTaxation("NORMAL", { icmsCst: "102" }))).toMatch(/Simples Nacional CSOSN/);
    expect(reasonOf(validateIcmsTaxation("SIMPLES_EXCESS", { icmsCst: "102" }))).toMatch(/CSOSN/);
    expect(reasonOf(validateIcmsTaxation("MEI", { icmsCst: "00" }))).toMatch(/CST/);
    expect(reasonOf(validateIcmsTaxation("NORMAL", { icmsCst: "99" }))).toMatch(/not a valid code/);
    expect(validateIcmsTaxation("SIMPLES_EXCESS", { icmsCst: "00", icmsRate: 18 }).ok).toBe(true);
    expect(validateIcmsTaxation("MEI", { icmsCst: "102" }).ok).toBe(true);
  });
});

describe("substitution, credit and reduction requirements", () => {
  it("requires modality, MVA when modality is 4, and ST rate on ST codes", () => {
    for (const [regime, cst] of [["SIMPLES_NACIONAL", "201"], ["SIMPLES_NACIONAL", "202"], ["SIMPLES_NACIONAL", "203"], ["NORMAL", "10"], ["NORMAL", "30"], ["NORMAL", "70"]] as const) {
      const base = { icmsCst: cst, icmsSnCreditRate: 1.25, icmsRedBc: 10 };
      expect(reasonOf(validateIcmsTaxation(regime, { ...base, icmsStRate: 18 })), cst).toMatch(/icmsStModBc/);
      expect(reasonOf(validateIcmsTaxation(regime, { ...base, icmsStModBc: "4", icmsStRate: 18 })), cst).toMatch(/icmsStMva/);
      expect(reasonOf(validateIcmsTaxation(regime, { ...base, icmsStModBc: "4", icmsStMva: 40 })), cst).toMatch(/icmsStRate/);
      expect(validateIcmsTaxation(regime, { ...base, icmsStModBc: "6", icmsStRate: 18 }).ok, cst).toBe(true);
      expect(validateIcmsTaxation(regime, { ...base, icmsStModBc: "4", icmsStMva: 40, icmsStRate: 18 }).ok, cst).toBe(true);
    }
  });

  it("requires the Simples credit on CSOSN 101 and 201 only", () => {
    expect(reasonOf(validateIcmsTaxation("SIMPLES_NACIONAL", { icmsCst: "101" }))).toMatch(/icmsSnCreditRate/);
    expect(reasonOf(validateIcmsTaxation("SIMPLES_NACIONAL", { icmsCst: "201", icmsStModBc: "4", icmsStMva: 40, icmsStRate: 18 }))).toMatch(/icmsSnCreditRate/);
    expect(validateIcmsTaxation("SIMPLES_NACIONAL", { icmsCst: "102" }).ok).toBe(true);
  });

  it("requires the base reduction on CST 20 and 70", () => {
    expect(reasonOf(validateIcmsTaxation("NORMAL", { icmsCst: "20", icmsRate: 18 }))).toMatch(/icmsRedBc/);
    expect(reasonOf(validateIcmsTaxation("NORMAL", { icmsCst: "70", icmsStModBc: "6", icmsStRate: 18 }))).toMatch(/icmsRedBc/);
    expect(validateIcmsTaxation("NORMAL", { icmsCst: "20", icmsRate: 18, icmsRedBc: 33.33 }).ok).toBe(true);
  });
});

describe("ranges and normalization", () => {
  it("refuses percentages outside 0-100 and non-numbers", () => {
    expect(reasonOf(validateIcmsTaxation("NORMAL", { icmsCst: "00", icmsRate: 100.01 }))).toMatch(/between 0 and 100/);
    expect(reasonOf(validateIcmsTaxation("NORMAL", { icmsCst: "00", icmsRate: -1 }))).toMatch(/between 0 and 100/);
    expect(reasonOf(validateIcmsTaxation("NORMAL", { icmsRate: "abc" }))).toMatch(/must be a number/);
    expect(validateIcmsTaxation("NORMAL", { icmsCst: "00", icmsRate: 100 }).ok).toBe(true);
    expect(validateIcmsTaxation("NORMAL", { icmsCst: "00", icmsRate: 0 }).ok).toBe(true);
  });

  it("clears the parameters the chosen code does not use", () => {
    const result = validateIcmsTaxation("SIMPLES_NACIONAL", {
      icmsCst: "102", icmsRate: 18, icmsRedBc: 10, icmsStModBc: "4", icmsStMva: 40, icmsStRate: 18, icmsSnCreditRate: 2,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.normalized).toEqual({
      icmsCst: "102", icmsModBc: null, icmsRate: null, icmsRedBc: null, icmsStModBc: null, icmsStMva: null, icmsStRate: null, icmsStRedBc: null, icmsSnCreditRate: null,
    });
  });

  it("keeps the parameters an ST code uses and drops MVA when the modality is not 4", () => {
    const result = validateIcmsTaxation("NORMAL", { icmsCst: "10", icmsRate: 18, icmsStModBc: "6", icmsStMva: 40, icmsStRate: 18, icmsSnCreditRate: 2 });
    expect(result.ok && result.normalized.icmsStMva).toBeNull();
    expect(result.ok && result.normalized.icmsRate?.toString()).toBe("18");
    expect(result.ok && result.normalized.icmsSnCreditRate).toBeNull();
  });

  it("checks only ranges when no code is given", () => {
    const result = validateIcmsTaxation("NORMAL", { icmsRate: 12, icmsStMva: 40 });
    expect(result.ok && result.normalized.icmsRate?.toNumber()).toBe(12);
    expect(result.ok && result.normalized.icmsStMva?.toNumber()).toBe(40);
  });

  it("validates the other taxes' codes and rates", () => {
    expect(validateOtherTaxes({ pisCst: "01", pisRate: 1.65, cofinsCst: "01", cofinsRate: 7.6, ipiCst: "50", ipiRate: 10, ipiCEnq: "999", icmsOrigin: "0" }).ok).toBe(true);
    expect(validateOtherTaxes({ pisCst: "10" })).toMatchObject({ ok: false });
    expect(validateOtherTaxes({ cofinsRate: 101 })).toMatchObject({ ok: false });
    expect(validateOtherTaxes({ icmsOrigin: "9" })).toMatchObject({ ok: false });
  });
});

describe("CFOP", () => {
  it("checks the field ranges", () => {
    expect(cfopFieldProblem("internal", "5102")).toBeNull();
    expect(cfopFieldProblem("internal", "6102")).toMatch(/not an internal/);
    expect(cfopFieldProblem("interstate", "5102")).toMatch(/not an interstate/);
    expect(cfopFieldProblem("export", "7101")).toBeNull();
    expect(cfopFieldProblem("export", "710")).toMatch(/4 digits/);
  });

  it("suggests interstate CFOPs from the internal one", () => {
    expect(suggestInterstateCfops("5102")).toEqual({ contributor: "6102", nonContributor: "6108" });
    expect(suggestInterstateCfops("5101")).toEqual({ contributor: "6101", nonContributor: "6107" });
    expect(suggestInterstateCfops("5405")).toEqual({ contributor: "6405", nonContributor: "6405" });
    expect(suggestInterstateCfops("6102")).toBeNull();
  });

  it("compares rule CFOPs by their last 3 digits", () => {
    expect(cfopMatches("5910", "6910")).toBe(true);
    expect(cfopMatches("5910", "5911")).toBe(false);
  });
});
