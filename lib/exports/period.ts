// Periods of an export in Brazil time. America/Sao_Paulo has kept UTC-03:00 all year
// since 2019 (Decreto 9.772/2019 ended daylight saving), so a fixed offset is exact
// for the official time of the issuers' documents (dhEmi carries -03:00 in most states).
const OFFSET_MS = 3 * 60 * 60 * 1000;

/** The first instant of a day (YYYY-MM-DD) in Brazil time. */
export function startOfDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00-03:00`));
}

/** [from 00:00, the day after to 00:00) in Brazil time. */
export function periodBounds(from: string, to: string): { gte: Date; lt: Date } {
  return { gte: startOfDay(from), lt: new Date(startOfDay(to).getTime() + 24 * 60 * 60 * 1000) };
}

/** The Brazil-time calendar parts of an instant. */
export function brazilParts(at: Date) {
  const local = new Date(at.getTime() - OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    month: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}`,
    day: local.getUTCDate(),
    // dd/mm/aaaa hh:mm, as a Brazilian spreadsheet reads it.
    display: `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

/** The calendar month before the Brazil-time month of `now`: period "2026-10", from and to days. */
export function previousMonth(now: Date): { period: string; from: string; to: string } {
  const local = new Date(now.getTime() - OFFSET_MS);
  const first = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 0));
  const period = first.toISOString().slice(0, 7);
  return { period, from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** Days of a period, both ends included. */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
