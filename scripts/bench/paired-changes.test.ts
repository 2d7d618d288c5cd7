import { describe, expect, it } from "vitest";
import { aimVerdict, meanInterval95 } from "./paired-changes";

describe("paired changes of the emission comparison", () => {
  it("gives the mean and its 95 % interval with Student's t", () => {
    // Mean -8; sample standard deviation sqrt(8 / 3); n 4, so t has 3 degrees of freedom (3.182).
    const interval = meanInterval95([-10, -8, -6, -8]);
    expect(interval.mean).toBeCloseTo(-8, 10);
    const sd = Math.sqrt(8 / 3);
    expect(interval.high - interval.mean).toBeCloseTo((3.182 * sd) / 2, 10);
    expect(interval.low).toBeCloseTo(-8 - (3.182 * sd) / 2, 10);
  });

  it("calls the aim met or missed only when the whole interval says so", () => {
    expect(aimVerdict({ mean: -6, low: -9.5, high: -2.5 }, 10)).toBe("shown met");
    expect(aimVerdict({ mean: -14, low: -17, high: -11 }, 10)).toBe("shown missed");
    expect(aimVerdict({ mean: -9, low: -13, high: -5 }, 10)).toBe("not decided by these pairs");
  });

  it("refuses a single pair", () => {
    expect(() => meanInterval95([-5])).toThrow(/two values/);
  });
});
