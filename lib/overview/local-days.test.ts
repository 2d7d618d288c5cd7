import { describe, expect, it } from "vitest";
import { localDate, precedingDates } from "./local-days";

describe("local days", () => {
  it("dates an instant in the state's zone, not UTC", () => {
    const lateEvening = new Date("2026-03-11T02:30:00Z");
    expect(localDate(lateEvening, "America/Sao_Paulo")).toBe("2026-03-10");
    expect(localDate(lateEvening, "America/Manaus")).toBe("2026-03-10");
    expect(localDate(new Date("2026-03-11T04:30:00Z"), "America/Manaus")).toBe("2026-03-11");
    expect(localDate(new Date("2026-03-11T03:30:00Z"), "America/Noronha")).toBe("2026-03-11");
  });

  it("lists the preceding days across month and year ends", () => {
    expect(precedingDates("2026-03-02", 4)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(precedingDates("2027-01-01", 2)).toEqual(["2026-12-31", "2027-01-01"]);
    expect(precedingDates("2026-11-23", 30)).toHaveLength(30);
  });
});
