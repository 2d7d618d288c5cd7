import { describe, expect, it } from "vitest";
import { formatDecimalInput, parseDecimalInput } from "./decimal-input";

describe("parseDecimalInput", () => {
  it("accepts Brazilian and international writing", () => {
    expect(parseDecimalInput("1.234,56")).toBe("1234.56");
    expect(parseDecimalInput("1234,56")).toBe("1234.56");
    expect(parseDecimalInput("1234.56")).toBe("1234.56");
    expect(parseDecimalInput("1,234.56")).toBe("1234.56");
    expect(parseDecimalInput("18,90")).toBe("18.90");
    expect(parseDecimalInput("R$ 1.234,5")).toBe("1234.5");
    expect(parseDecimalInput("18,00 %")).toBe("18.00");
    expect(parseDecimalInput("1.234")).toBe("1234");
    expect(parseDecimalInput("12.345.678,9")).toBe("12345678.9");
    expect(parseDecimalInput("0,5")).toBe("0.5");
    expect(parseDecimalInput(",5")).toBe("0.5");
    expect(parseDecimalInput("007")).toBe("7");
    expect(parseDecimalInput("-3,2")).toBe("-3.2");
    expect(parseDecimalInput("18.9")).toBe("18.9");
  });

  it("gives null for blank and undefined for what is not a number", () => {
    expect(parseDecimalInput("  ")).toBeNull();
    for (const bad of ["abc", "1,2,3", "1.2.3", "12.34,5.6", "1,23.4,5", ".", "1e5", "12.3456,7"]) expect(parseDecimalInput(bad), bad).toBeUndefined();
  });
});

describe("formatDecimalInput", () => {
  it("writes an API decimal the Brazilian way, with at least the money's two places, digits kept", () => {
    expect(formatDecimalInput("2000")).toBe("2.000,00");
    expect(formatDecimalInput("1234.5")).toBe("1.234,50");
    expect(formatDecimalInput("1234567.891")).toBe("1.234.567,891");
    expect(formatDecimalInput("10.1234567800")).toBe("10,12345678");
    expect(formatDecimalInput("0.5")).toBe("0,50");
    expect(formatDecimalInput("2.5000", 0)).toBe("2,5");
    expect(formatDecimalInput("3.0000", 0)).toBe("3");
    expect(formatDecimalInput("-12.3")).toBe("-12,30");
  });

  it("is read back by parseDecimalInput to the same value", () => {
    for (const value of ["2000", "1234.5", "1234567.891", "0.5", "999", "1000000"]) {
      expect(Number(parseDecimalInput(formatDecimalInput(value)))).toBe(Number(value));
    }
  });
});
