import { describe, expect, it } from "vitest";
import { contingencyTime } from "./contingency-time";

describe("the banner's time", () => {
  it("is the hour in the company's zone when the contingency began today there", () => {
    const now = new Date("2026-11-27T20:00:00Z");
    expect(contingencyTime(new Date("2026-11-27T17:02:00Z"), "America/Sao_Paulo", now)).toBe("14:02");
    expect(contingencyTime(new Date("2026-11-27T17:02:00Z"), "America/Manaus", now)).toBe("13:02");
  });

  it("carries the day when it began on another day there", () => {
    // 01:30 UTC on the 27th is 22:30 of the 26th in São Paulo.
    expect(contingencyTime(new Date("2026-11-27T01:30:00Z"), "America/Sao_Paulo", new Date("2026-11-27T12:00:00Z"))).toBe("26/11 22:30");
  });
});
