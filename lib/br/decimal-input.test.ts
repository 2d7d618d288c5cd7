import { describe, expect, it } from "vitest";
import { parseDecimalInput } from "./decimal-input";

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
