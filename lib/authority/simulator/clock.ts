import { stateInfo, STATES } from "@/lib/br";

// SEFAZ writes every date-time in the authorizer's local time with its UTC
// offset (TDateTimeUTC, e.g. 2026-11-21T10:15:00-03:00).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      timeZoneName: "longOffset",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The time zone of the state whose IBGE code is cUF (São Paulo's when unknown). */
export function timeZoneOfCUF(cUF: string): string {
  return STATES.find((s) => s.cUF === cUF)?.timezone ?? stateInfo("SP").timezone;
}

function formatWithIntl(date: Date, timeZone: string): { minutePrefix: string; seconds: string; offset: string } {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(date).map((p) => [p.type, p.value]));
  // "GMT-03:00" → "-03:00"; "GMT" (UTC) → "+00:00".
  const offset = (parts.timeZoneName ?? "GMT").replace("GMT", "") || "+00:00";
  return { minutePrefix: `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`, seconds: parts.second!, offset };
}

// Intl's formatToParts costs tens of microseconds, and every answer carries a
// few date-times of the same minute: the minute's text and offset are kept per
// zone and only the seconds change. A whole-minute offset (every offset since
// the zones' LMT days) keeps the local seconds equal to UTC's, and a zone
// changes its offset only at a minute boundary.
const lastMinute = new Map<string, { minute: number; minutePrefix: string; offset: string }>();

export function formatDateTimeWithOffset(date: Date, timeZone: string): string {
  const time = date.getTime();
  const minute = Math.floor(time / 60_000);
  const cached = lastMinute.get(timeZone);
  if (cached?.minute === minute) return `${cached.minutePrefix}:${String(date.getUTCSeconds()).padStart(2, "0")}${cached.offset}`;
  const formatted = formatWithIntl(date, timeZone);
  if (/^[+-]\d\d:\d\d$/.test(formatted.offset)) lastMinute.set(timeZone, { minute, minutePrefix: formatted.minutePrefix, offset: formatted.offset });
  return `${formatted.minutePrefix}:${formatted.seconds}${formatted.offset}`;
}
