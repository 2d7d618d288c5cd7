import { describe, expect, it } from "vitest";
import { formatDateTimeWithOffset, timeZoneOfCUF } from "./clock";

// The per-minute cache must answer exactly what Intl answers, second by second.
function byIntl(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", timeZoneName: "longOffset" })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const offset = (parts.timeZoneName ?? "GMT").replace("GMT", "") || "+00:00";
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

describe("formatDateTimeWithOffset", () => {
  it("writes the local time with the offset of the state's zone", () => {
    expect(formatDateTimeWithOffset(new Date("2026-11-21T13:15:07Z"), timeZoneOfCUF("35"))).toBe("2026-11-21T10:15:07-03:00");
    expect(formatDateTimeWithOffset(new Date("2026-11-21T13:15:07Z"), timeZoneOfCUF("13"))).toBe("2026-11-21T09:15:07-04:00");
    expect(formatDateTimeWithOffset(new Date("2026-11-21T13:15:07Z"), "UTC")).toBe("2026-11-21T13:15:07+00:00");
  });

  it("agrees with Intl across minutes, days and a daylight-saving change (São Paulo, 2018)", () => {
    const zones = ["America/Sao_Paulo", "America/Manaus", "America/Noronha", "America/Rio_Branco", "UTC", "Australia/Lord_Howe"];
    // Around São Paulo's DST start (2018-11-04 03:00 UTC) and Lord Howe's half-hour change (2018-10-06 15:30 UTC).
    const starts = [Date.UTC(2018, 10, 4, 2, 58, 50), Date.UTC(2018, 9, 6, 15, 29, 30), Date.UTC(2026, 11, 31, 23, 59, 0), Date.UTC(1913, 11, 31, 23, 59, 0)];
    for (const start of starts) {
      for (let s = 0; s < 200; s += 7) {
        const date = new Date(start + s * 1000 + (s % 3) * 250);
        for (const zone of zones) expect(formatDateTimeWithOffset(date, zone)).toBe(byIntl(date, zone));
      }
    }
  });
});
