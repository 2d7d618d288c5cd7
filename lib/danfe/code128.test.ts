import bwipjs from "bwip-js/node";
import { describe, expect, it } from "vitest";
import { code128cWidths } from "./code128";

// BWIPP (through bwip-js) is the reference encoder: the same keys must give
// the same bars and spaces, check character included.
const bwippWidths = (digits: string) => (bwipjs.raw({ bcid: "code128", text: digits }) as unknown as { sbs: number[] }[])[0]!.sbs;

describe("code128cWidths", () => {
  it.each([
    "43180906929383000163550010000000261000103010",
    "42200310845180000166550010000016291182910232",
    "00000000000000000000000000000000000000000000",
    "99999999999999999999999999999999999999999999",
    "35260112345678000190550010000001231234567897",
  ])("encodes %s as BWIPP does", (key) => {
    expect(code128cWidths(key)).toEqual(bwippWidths(key));
  });

  it("is 277 modules wide for an access key (start, 22 pairs, check, stop)", () => {
    expect(code128cWidths("43180906929383000163550010000000261000103010").reduce((sum, width) => sum + width, 0)).toBe(277);
  });

  it("refuses anything but an even number of digits", () => {
    expect(() => code128cWidths("123")).toThrow();
    expect(() => code128cWidths("12a4")).toThrow();
    expect(() => code128cWidths("")).toThrow();
  });
});
