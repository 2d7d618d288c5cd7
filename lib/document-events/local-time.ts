import { stateInfo } from "@/lib/br";

// SEFAZ date-times (TDateTimeUTC) carry the local offset of the issuer's
// state, e.g. 2026-11-21T09:15:00-03:00.

const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatInTimeZone(date: Date, timeZone: string): string {
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
  const parts = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  const offset = (parts.timeZoneName ?? "GMT").replace("GMT", "") || "+00:00";
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** Local date-time of the state (UF) with its offset. */
export function stateDateTime(date: Date, uf: string): string {
  return formatInTimeZone(date, stateInfo(uf).timezone);
}
