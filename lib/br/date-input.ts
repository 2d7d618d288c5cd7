// Dates typed by a person as text ("21/12/2026", "21/12/2026 14:30"), so the
// order never depends on the browser's language as a native date input's does.
// The form receives ISO values: "2026-12-21" or "2026-12-21T14:30" (local time).

/** Day-month-year (Brazil) or month-day-year; the message catalogue chooses (`dateInput.order`). */
export type DateOrder = "DMY" | "MDY";

export const isDateOrder = (value: string): value is DateOrder => value === "DMY" || value === "MDY";

export type DateInputResult = { ok: true; value: string } | { ok: false; reason: "empty" | "incomplete" | "invalid" };

// Years a fiscal document, a due date or a filter can sensibly carry; "0026" is a typo, not a date.
const MIN_YEAR = 1900;
const MAX_YEAR = 2099;

const pad = (n: number) => String(n).padStart(2, "0");

/** A pasted "1/2/2026" or ISO "2026-02-01" in the input's order, so its digits land in the right places. */
function normalizePasted(raw: string, order: DateOrder): string {
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(raw);
  if (iso) return formatDateInput(iso[0].trim().replace(" ", "T"), order);
  return raw.replace(/^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})/, (_, a: string, b: string, y: string) => `${a.padStart(2, "0")}/${b.padStart(2, "0")}/${y}`);
}

/** Digits typed → "dd/mm/aaaa" (and " hh:mm" with time), separators added as the person types. */
export function maskDateInput(raw: string, withTime = false, order: DateOrder = "DMY"): string {
  const digits = normalizePasted(raw, order).replace(/\D/g, "").slice(0, withTime ? 12 : 8);
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i === 2 || i === 4) out += "/";
    else if (i === 8) out += " ";
    else if (i === 10) out += ":";
    out += digits[i];
  }
  return out;
}

function calendarDate(year: number, month: number, day: number): string | null {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one (leap years included).
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > lastDay ? null : `${year}-${pad(month)}-${pad(day)}`;
}

/** "31/12/2026" → "2026-12-31"; "31/02/2026" is invalid; "31/12/20" incomplete; "" empty. */
export function parseDateInput(text: string, order: DateOrder = "DMY", withTime = false): DateInputResult {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, reason: "empty" };
  const match = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}))?$/.exec(trimmed);
  if (!match || (withTime && match[4] === undefined) || (!withTime && match[4] !== undefined)) {
    // Digits in a date shape that is merely short are "incomplete"; anything else is invalid.
    return /^[\d/ :]+$/.test(trimmed) && trimmed.length < (withTime ? 16 : 10) ? { ok: false, reason: "incomplete" } : { ok: false, reason: "invalid" };
  }
  const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = order === "DMY" ? calendarDate(year, second, first) : calendarDate(year, first, second);
  if (!date) return { ok: false, reason: "invalid" };
  if (!withTime) return { ok: true, value: date };
  const [hour, minute] = [Number(match[4]), Number(match[5])];
  if (hour > 23 || minute > 59) return { ok: false, reason: "invalid" };
  return { ok: true, value: `${date}T${pad(hour)}:${pad(minute)}` };
}

/** "2026-12-31" (or "2026-12-31T14:30") → "31/12/2026" ("31/12/2026 14:30"); anything else → "". */
export function formatDateInput(iso: string, order: DateOrder = "DMY"): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(iso);
  if (!match) return "";
  const [, year, month, day, hour, minute] = match;
  const date = order === "DMY" ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
  return hour === undefined ? date : `${date} ${hour}:${minute}`;
}

function offsetMinutes(instant: number, timeZone: string): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(instant).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/**
 * "2026-11-21T10:30" read as a wall-clock time in `timeZone` (the company's
 * state's) → "2026-11-21T10:30:00-03:00". Not the browser's zone: a person in
 * Lisbon registering a delivery in Manaus types Manaus's time.
 */
export function zonedLocalToIso(local: string, timeZone: string): string {
  const [date = "", time = "00:00"] = local.split("T");
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const asUtc = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  // Two passes settle the offset near a daylight-saving change.
  const offset = offsetMinutes(asUtc - offsetMinutes(asUtc, timeZone) * 60_000, timeZone);
  const abs = Math.abs(offset);
  return `${date}T${pad(hour!)}:${pad(minute!)}:00${offset < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A whole day typed in a filter ("2026-11-21") as the instants that bound it in the company's zone. */
export function zonedDayBounds(day: string, timeZone: string): { start: string; end: string } {
  const start = zonedLocalToIso(`${day}T00:00`, timeZone);
  const end = zonedLocalToIso(`${day}T23:59`, timeZone).replace("T23:59:00", "T23:59:59.999");
  return { start, end };
}

/** Today's calendar date in `timeZone` ("2026-11-24"): at 22:00 in Manaus it is already tomorrow in UTC. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

// A month ("11/2026"), for the accountant's export: the same masked text, never a native month
// input (Chromium in English shows "November 2026", in Portuguese "novembro de 2026"; issue 54 item 6).

/** Digits typed → "mm/aaaa"; a pasted "2026-11" or "1/2026" lands in the right places. */
export function maskMonthInput(raw: string): string {
  const iso = /^\s*(\d{4})-(\d{2})\b/.exec(raw);
  const source = iso ? `${iso[2]}/${iso[1]}` : raw.replace(/^\s*(\d)\/(\d{4})/, "0$1/$2");
  const digits = source.replace(/\D/g, "").slice(0, 6);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** "11/2026" → "2026-11"; "13/2026" invalid; "11/20" incomplete; "" empty. */
export function parseMonthInput(text: string): DateInputResult {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, reason: "empty" };
  const match = /^(\d{2})\/(\d{4})$/.exec(trimmed);
  if (!match) return /^[\d/]+$/.test(trimmed) && trimmed.length < 7 ? { ok: false, reason: "incomplete" } : { ok: false, reason: "invalid" };
  const [month, year] = [Number(match[1]), Number(match[2])];
  if (month < 1 || month > 12 || year < MIN_YEAR || year > MAX_YEAR) return { ok: false, reason: "invalid" };
  return { ok: true, value: `${year}-${pad(month)}` };
}

/** "2026-11" → "11/2026"; anything else → "". */
export function formatMonthInput(iso: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(iso);
  return match ? `${match[2]}/${match[1]}` : "";
}
