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

export function formatDateTimeWithOffset(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(date).map((p) => [p.type, p.value]));
  // "GMT-03:00" → "-03:00"; "GMT" (UTC) → "+00:00".
  const offset = (parts.timeZoneName ?? "GMT").replace("GMT", "") || "+00:00";
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}
