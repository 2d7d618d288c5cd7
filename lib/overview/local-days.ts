// Calendar days in a time zone, for the overview's buckets (no business rules).

const formatters = new Map<string, Intl.DateTimeFormat>();

/** "2026-11-23": the date of an instant in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) formatters.set(timeZone, (formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })));
  return formatter.format(instant);
}

/** The `count` dates ending at `lastDate` (inclusive), oldest first. */
export function precedingDates(lastDate: string, count: number): string[] {
  const [year, month, day] = lastDate.split("-").map(Number) as [number, number, number];
  const dates: string[] = [];
  for (let offset = count - 1; offset >= 0; offset--) {
    dates.push(new Date(Date.UTC(year, month - 1, day - offset)).toISOString().slice(0, 10));
  }
  return dates;
}
