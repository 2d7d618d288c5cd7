import { describe, expect, it } from "vitest";
import { normalizePlate } from "./plate";

describe("normalizePlate", () => {
  it("keeps A-Z0-9 only and accepts the old and the Mercosul formats", () => {
    expect(normalizePlate("abc-1234")).toBe("ABC1234");
    expect(normalizePlate(" BRA 2E19 ")).toBe("BRA2E19");
  });

  it("refuses implausible plates with 422 invalid_plate", () => {
    for (const plate of ["AB1234", "ABC12345", "1BC1234", "ABCD123", "ABC1DD3", ""]) {
      expect(() => normalizePlate(plate), plate).toThrow(expect.objectContaining({ status: 422, code: "invalid_plate" }));
    }
  });
});
