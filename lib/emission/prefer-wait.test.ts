import { describe, expect, it } from "vitest";
import { parsePreferWait } from "./prefer-wait";

describe("Prefer: wait (RFC 7240)", () => {
  it("reads the seconds among other preferences, capped at 30", () => {
    expect(parsePreferWait("wait=10")).toBe(10);
    expect(parsePreferWait("respond-async, wait=5")).toBe(5);
    expect(parsePreferWait("Wait = 3")).toBe(3);
    expect(parsePreferWait('wait="7"')).toBe(7);
    expect(parsePreferWait("wait=120")).toBe(30);
  });

  it("ignores what is absent, zero or malformed", () => {
    for (const header of [null, "", "return=minimal", "wait=0", "wait=-1", "wait=abc", "wait=1.5", "wait"]) expect(parsePreferWait(header), String(header)).toBeNull();
  });
});
