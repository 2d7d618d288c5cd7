import { describe, expect, it } from "vitest";
import { formatDateInput, maskDateInput, parseDateInput, todayIn, zonedDayBounds, zonedLocalToIso } from "./date-input";

describe("typed dates", () => {
  it("mask digits as dd/mm/aaaa (and hh:mm) while typing", () => {
    expect(maskDateInput("2")).toBe("2");
    expect(maskDateInput("211")).toBe("21/1");
    expect(maskDateInput("21122026")).toBe("21/12/2026");
    expect(maskDateInput("21/12/2026999")).toBe("21/12/2026");
    expect(maskDateInput("211220261430", true)).toBe("21/12/2026 14:30");
    expect(maskDateInput("21a12b2026")).toBe("21/12/2026");
  });

  it("put pasted short or ISO dates in the input's order", () => {
    expect(maskDateInput("1/2/2026")).toBe("01/02/2026");
    expect(maskDateInput("2026-02-01")).toBe("01/02/2026");
    expect(maskDateInput("2026-02-01", false, "MDY")).toBe("02/01/2026");
    expect(maskDateInput("2026-02-01T09:05", true)).toBe("01/02/2026 09:05");
  });

  it("parse valid days to ISO", () => {
    expect(parseDateInput("31/12/2026")).toEqual({ ok: true, value: "2026-12-31" });
    expect(parseDateInput(" 29/02/2028 ")).toEqual({ ok: true, value: "2028-02-29" });
    expect(parseDateInput("12/31/2026", "MDY")).toEqual({ ok: true, value: "2026-12-31" });
    expect(parseDateInput("21/11/2026 23:59", "DMY", true)).toEqual({ ok: true, value: "2026-11-21T23:59" });
  });

  it("refuse days that do not exist", () => {
    for (const text of ["31/02/2026", "29/02/2027", "31/04/2026", "00/01/2026", "10/13/2026", "01/01/0026", "01/01/2100"]) {
      expect(parseDateInput(text), text).toEqual({ ok: false, reason: "invalid" });
    }
    expect(parseDateInput("31/12/2026", "MDY")).toEqual({ ok: false, reason: "invalid" });
    expect(parseDateInput("21/11/2026 24:00", "DMY", true)).toEqual({ ok: false, reason: "invalid" });
    expect(parseDateInput("21/11/2026 10:60", "DMY", true)).toEqual({ ok: false, reason: "invalid" });
    expect(parseDateInput("amanhã")).toEqual({ ok: false, reason: "invalid" });
    expect(parseDateInput("21/11/2026 10:00")).toEqual({ ok: false, reason: "invalid" });
  });

  it("tell an unfinished date from an empty one", () => {
    expect(parseDateInput("")).toEqual({ ok: false, reason: "empty" });
    expect(parseDateInput("21/12/20")).toEqual({ ok: false, reason: "incomplete" });
    expect(parseDateInput("21/12/2026", "DMY", true)).toEqual({ ok: false, reason: "incomplete" });
  });

  it("format ISO values back in the input's order", () => {
    expect(formatDateInput("2026-12-31")).toBe("31/12/2026");
    expect(formatDateInput("2026-12-31", "MDY")).toBe("12/31/2026");
    expect(formatDateInput("2026-12-31T08:05")).toBe("31/12/2026 08:05");
    expect(formatDateInput("")).toBe("");
    expect(parseDateInput(formatDateInput("2028-02-29"))).toEqual({ ok: true, value: "2028-02-29" });
  });

  it("read a wall-clock time in the company's zone, not the browser's", () => {
    expect(zonedLocalToIso("2026-11-21T10:30", "America/Sao_Paulo")).toBe("2026-11-21T10:30:00-03:00");
    expect(zonedLocalToIso("2026-11-21T10:30", "America/Manaus")).toBe("2026-11-21T10:30:00-04:00");
    expect(zonedLocalToIso("2026-11-21T10:30", "America/Noronha")).toBe("2026-11-21T10:30:00-02:00");
    // A zone with daylight saving: the offset of that day, not of today.
    expect(zonedLocalToIso("2026-07-01T12:00", "America/New_York")).toBe("2026-07-01T12:00:00-04:00");
    expect(zonedLocalToIso("2026-01-15T12:00", "America/New_York")).toBe("2026-01-15T12:00:00-05:00");
  });

  it("know today's date in the company's zone", () => {
    const lateEvening = new Date("2026-11-25T01:30:00Z");
    expect(todayIn("America/Manaus", lateEvening)).toBe("2026-11-24");
    expect(todayIn("UTC", lateEvening)).toBe("2026-11-25");
  });

  it("bound a filter's day in the company's zone", () => {
    expect(zonedDayBounds("2026-11-21", "America/Manaus")).toEqual({ start: "2026-11-21T00:00:00-04:00", end: "2026-11-21T23:59:59.999-04:00" });
  });
});
