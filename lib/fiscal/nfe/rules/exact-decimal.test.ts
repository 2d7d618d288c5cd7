import { describe, expect, it } from "vitest";
import { Dec } from "@/lib/tax/decimal";
import { exact, minus, percentOf, plus, provenEqual, provenNotAbove, provenWithinCentavo, sumExact, sumOver, times, type Exact } from "./exact-decimal";

// The integers must agree with decimal.js wherever they answer, and answer
// null (so the rule falls back to decimal.js) wherever they cannot be exact.

const asDecimal = (value: Exact) => new Dec(value.units).dividedBy(new Dec(10).pow(value.scale));

describe("exact", () => {
  it("reads plain decimals, trailing zeros of the fraction dropped", () => {
    expect(exact("99.99")).toEqual({ units: 9999, scale: 2 });
    expect(exact("3.0000")).toEqual({ units: 3, scale: 0 });
    expect(exact("33.3300000000")).toEqual({ units: 3333, scale: 2 });
    expect(exact("100")).toEqual({ units: 100, scale: 0 });
    expect(exact("-1.50")).toEqual({ units: -15, scale: 1 });
    expect(exact("0.00")).toEqual({ units: 0, scale: 0 });
  });

  it("reads absent and empty as zero, as amount() does", () => {
    expect(exact(undefined)).toEqual({ units: 0, scale: 0 });
    expect(exact("")).toEqual({ units: 0, scale: 0 });
    expect(exact(null)).toEqual({ units: 0, scale: 0 });
  });

  it("declines every other form (decimal.js decides those)", () => {
    for (const text of ["1e2", "+1", ".5", "5.", "-", "-.5", "0x10", "1.2.3", " 1", "1 ", "abc", "1,5", "Infinity", "NaN"]) expect(exact(text), text).toBeNull();
    expect(exact(5)).toBeNull();
    expect(exact({})).toBeNull();
  });

  it("declines digits past 2^53", () => {
    expect(exact("9007199254740991")).toEqual({ units: 9007199254740991, scale: 0 });
    expect(exact("9007199254740993")).toBeNull();
    expect(exact("90071992547409.93")).toBeNull();
    expect(exact("12345678901234567890.00")).toBeNull();
  });
});

describe("arithmetic", () => {
  it("agrees with decimal.js on sums, differences, products and percentages", () => {
    const values = ["0", "0.01", "99.99", "33.3300000000", "3.0000", "18.0000", "0.1000", "12345.67", "-7.5", "0.0001", "999.90"];
    for (const a of values) {
      for (const b of values) {
        const x = exact(a)!;
        const y = exact(b)!;
        expect(asDecimal(plus(x, y)!).equals(new Dec(a).plus(b)), `${a} + ${b}`).toBe(true);
        expect(asDecimal(minus(x, y)!).equals(new Dec(a).minus(b)), `${a} - ${b}`).toBe(true);
        expect(asDecimal(times(x, y)!).equals(new Dec(a).times(b)), `${a} × ${b}`).toBe(true);
        expect(asDecimal(percentOf(x, y)!).equals(new Dec(a).times(b).dividedBy(100)), `${a} × ${b} %`).toBe(true);
        expect(provenEqual(x, y), `${a} = ${b}`).toBe(new Dec(a).equals(b));
        expect(provenNotAbove(x, y), `${a} ≤ ${b}`).toBe(new Dec(a).lessThanOrEqualTo(b));
        expect(provenWithinCentavo(x, y), `|${a} - ${b}| ≤ 0.01`).toBe(!new Dec(a).minus(b).abs().greaterThan("0.01"));
      }
    }
  });

  it("answers null, never a rounded number, past 2^53", () => {
    const big = exact("9007199254740991")!;
    expect(plus(big, exact("1"))).toBeNull();
    expect(times(exact("123456789.12"), exact("123456789.1234"))).toBeNull();
    expect(plus(exact("1.5"), exact("900719925474090.1"))).toEqual({ units: 9007199254740916, scale: 1 });
    expect(plus(exact("1.55"), exact("900719925474090.1"))).toBeNull();
    expect(provenEqual(big, plus(big, exact("0.1")))).toBe(false);
    expect(provenWithinCentavo(exact("0.001"), null)).toBe(false);
  });

  it("sums a list, declining when one entry is not exact", () => {
    expect(sumExact(["99.99", undefined, "", "0.01"])).toEqual({ units: 10000, scale: 2 });
    expect(sumExact(["1", "1e2"])).toBeNull();
    expect(sumOver([{ v: "1.10" }, { v: "2.205" }], (entry) => entry.v)).toEqual({ units: 3305, scale: 3 });
    expect(sumOver([{ v: "1" }, { v: 2 }], (entry) => entry.v)).toBeNull();
  });
});
