import { describe, expect, it } from "vitest";
import { formatCnae, formatRegistrationAddress, formatZipCode, normalizeAccessKeyInput, normalizeDocumentInput } from "./lookup-format";

describe("lookup display helpers", () => {
  it("normalizes a pasted access key (grouped, alphanumeric CNPJ) to its 44 characters", () => {
    expect(normalizeAccessKeyInput("3524 0612 3456 7800 0195 5500 1000 0001 2312 3456 7890")).toBe("35240612345678000195550010000001231234567890");
    expect(normalizeAccessKeyInput("35 2607 12abc345 01de 35 55 001")).toBe("35260712ABC34501DE3555001");
    expect(normalizeAccessKeyInput("1".repeat(50))).toHaveLength(44);
  });

  it("normalizes a CNPJ or CPF as typed", () => {
    expect(normalizeDocumentInput("02.198.926/0001-69")).toBe("02198926000169");
    expect(normalizeDocumentInput("12.abc.345/01de-35")).toBe("12ABC34501DE35");
    expect(normalizeDocumentInput("529.982.247-25")).toBe("52998224725");
  });

  it("formats CEP and CNAE the Brazilian way, leaving unknown shapes alone", () => {
    expect(formatZipCode("13457162")).toBe("13457-162");
    expect(formatZipCode("1345")).toBe("1345");
    expect(formatZipCode(null)).toBe("");
    expect(formatCnae("2825900")).toBe("2825-9/00");
    expect(formatCnae("28")).toBe("28");
    expect(formatCnae(null)).toBe("");
  });

  it("puts an address on one line without empty parts", () => {
    const address = { street: "RUA JOSE NICOLAU LUX", number: "432", complement: null, neighborhood: "CENTRO", municipalityCode: "3545803", city: "SANTA BARBARA D OESTE", zipCode: "13457162" };
    expect(formatRegistrationAddress(address, "SP")).toBe("RUA JOSE NICOLAU LUX, 432 – CENTRO – SANTA BARBARA D OESTE/SP – CEP 13457-162");
    expect(formatRegistrationAddress({ ...address, number: null, neighborhood: null, zipCode: null }, undefined)).toBe("RUA JOSE NICOLAU LUX – SANTA BARBARA D OESTE");
    expect(formatRegistrationAddress({ street: null, number: null, complement: null, neighborhood: null, municipalityCode: null, city: null, zipCode: null })).toBe("");
    expect(formatRegistrationAddress(null)).toBe("");
  });
});
