import { describe, expect, it } from "vitest";
import { completeCnpj, isValidCnpj, isValidCpf, randomCnpj, randomCpf } from "./documents";

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

  it("generates valid random numbers", () => {
    for (let i = 0; i < 50; i++) {
      expect(isValidCnpj(randomCnpj())).toBe(true);
      expect(isValidCpf(randomCpf())).toBe(true);
    }
  });
});
