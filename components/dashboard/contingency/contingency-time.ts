/** "14:02" in the company's zone, or "26/11 14:02" when it began on another day there. */
export function contingencyTime(since: Date, timeZone: string, now = new Date()): string {
  const day = new Intl.DateTimeFormat("pt-BR", { timeZone, day: "2-digit", month: "2-digit" });
  const time = new Intl.DateTimeFormat("pt-BR", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(since);
  return day.format(since) === day.format(now) ? time : `${day.format(since)} ${time}`;
}
