import { describe, expect, it } from "vitest";
import { cnpjProblem, completeCnpj, isAlphanumericCnpj, isValidCnpj, isValidCpf, randomAlphanumericCnpj, randomCnpj, randomCpf } from "./documents";

describe("CNPJ and CPF check digits", () => {
  it("accepts known valid numbers and rejects altered ones", () => {
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpj("11222333000182")).toBe(false);
    expect(isValidCnpj("00000000000000")).toBe(false);
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(isValidCpf("52998224726")).toBe(false);
    expect(isValidCpf("11111111111")).toBe(false);
  });

  it("validates the alphanumeric CNPJ of NT 2026.004 (example from the RFB: 12.ABC.345/01DE-35)", () => {
    expect(isValidCnpj("12ABC34501DE35")).toBe(true);
    expect(completeCnpj("12ABC34501DE")).toBe("12ABC34501DE35");
    expect(isValidCnpj("12ABC34501DE36")).toBe(false);
  });

  it("refuses the letters NT Conjunta 2025.001 (item 4) excludes, saying why", () => {
    for (const letter of ["I", "O", "U", "Q", "F"]) {
      // A valid check digit for the excluded letter: only the alphabet rule refuses it.
      const cnpj = completeCnpj(`12${letter}BC34501DE`);
      expect(isValidCnpj(cnpj)).toBe(false);
      expect(cnpjProblem(cnpj)).toBe("the letters I, O, U, Q and F are not used in CNPJs (NT Conjunta 2025.001, item 4)");
    }
    expect(cnpjProblem("12.abc.345/01de-35")).toBeNull();
    expect(cnpjProblem("12ABC34501DE36")).toBe("check digits do not match");
    expect(cnpjProblem("12ABC34501DEX5")).toContain("14 characters");
  });

  it("generates valid random numbers", () => {
    for (let i = 0; i < 50; i++) {
      const alphanumeric = randomAlphanumericCnpj();
      expect(isValidCnpj(alphanumeric), alphanumeric).toBe(true);
      expect(isAlphanumericCnpj(alphanumeric)).toBe(true);
    }
    for (let i = 0; i < 50; i++) {
      expect(isValidCnpj(randomCnpj())).toBe(true);
      expect(isValidCpf(randomCpf())).toBe(true);
    }
  });
});
