import { describe, expect, it } from "vitest";
import { reachedThreshold, thresholdsUpTo } from "./config";

describe("certificate expiry thresholds", () => {
  it("reaches 30, 15, 7 and 1 days left (whole days, as the certificate page counts them), then expired", () => {
    expect([45, 31, 30, 16, 15, 8, 7, 2, 1, 0].map((days) => reachedThreshold(days, false))).toEqual([null, null, 30, 30, 15, 15, 7, 7, 1, 1]);
    expect(reachedThreshold(0, true)).toBe(0);
  });

  it("records every threshold at or above the one announced, so a skipped larger one never goes out later", () => {
    expect(thresholdsUpTo(15)).toEqual([30, 15]);
    expect(thresholdsUpTo(0)).toEqual([0, 30, 15, 7, 1]);
  });
});
