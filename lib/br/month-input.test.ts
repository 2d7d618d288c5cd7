import { describe, expect, it } from "vitest";
import { formatMonthInput, maskMonthInput, parseMonthInput } from "./date-input";

// The export's month as typed text "mm/aaaa" (issue 54 item 6: a native month input follows the browser's language).
describe("typed months", () => {
  it("mask digits as mm/aaaa and place pasted months", () => {
    expect(maskMonthInput("1")).toBe("1");
    expect(maskMonthInput("11")).toBe("11");
    expect(maskMonthInput("112")).toBe("11/2");
    expect(maskMonthInput("112026")).toBe("11/2026");
    expect(maskMonthInput("11/20269")).toBe("11/2026");
    expect(maskMonthInput("2026-03")).toBe("03/2026");
    expect(maskMonthInput("3/2026")).toBe("03/2026");
  });

  it("parse to ISO year-month and refuse what is no month", () => {
    expect(parseMonthInput("11/2026")).toEqual({ ok: true, value: "2026-11" });
    expect(parseMonthInput(" 01/2027 ")).toEqual({ ok: true, value: "2027-01" });
    expect(parseMonthInput("")).toEqual({ ok: false, reason: "empty" });
    expect(parseMonthInput("11/20")).toEqual({ ok: false, reason: "incomplete" });
    for (const text of ["13/2026", "00/2026", "11/1899", "11/2100", "novembro"]) expect(parseMonthInput(text), text).toEqual({ ok: false, reason: "invalid" });
  });

  it("show an ISO month as mm/aaaa", () => {
    expect(formatMonthInput("2026-11")).toBe("11/2026");
    expect(formatMonthInput("2026-11-01")).toBe("");
    expect(formatMonthInput("")).toBe("");
  });
});
