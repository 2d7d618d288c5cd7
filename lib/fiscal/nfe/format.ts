import Decimal from "decimal.js";
import { DomainError } from "@/lib/errors";
import { stateInfo } from "@/lib/br";

// Formatting of amounts as the layout's decimal types require. The builder
// never computes a tax: it only prints the decimal strings it receives with
// the number of places each type allows (MOC 4.00, "Formato" column).

export type DecimalInput = string | number | { toString(): string };

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d*))?$/;

function invalid(value: DecimalInput, field: string, why: string): DomainError {
  return new DomainError(422, "schema_validation_failed", `${field}: '${String(value)}' ${why}`);
}

function decimal(value: DecimalInput, field: string): Decimal {
  let parsed: Decimal;
  try {
    parsed = new Decimal(typeof value === "object" ? value.toString() : value);
  } catch {
    throw invalid(value, field, "is not a decimal number");
  }
  if (!parsed.isFinite() || parsed.isNegative()) throw invalid(value, field, "must be a non-negative decimal number");
  return parsed;
}

/**
 * Prints a non-negative decimal with exactly `places` decimals. Stored values
 * already have at most that many places, so the common path is plain string
 * padding; anything longer is rounded half up with decimal.js.
 */
function fixed(value: DecimalInput, places: number, field: string): string {
  const text = typeof value === "string" ? value : String(value);
  const match = PLAIN_DECIMAL.exec(text);
  if (match) {
    const fraction = match[2] ?? "";
    if (fraction.length <= places) {
      const integer = (match[1] as string).replace(/^0+(?=\d)/, "");
      return places === 0 ? integer : `${integer}.${fraction.padEnd(places, "0")}`;
    }
  }
  return decimal(value, field).toFixed(places, Decimal.ROUND_HALF_UP);
}

/** TDec_1302 and friends: amounts in reais with exactly 2 places ("0.00", "1234.50"). */
export function money(value: DecimalInput, field = "amount"): string {
  return fixed(value, 2, field);
}

/** True when an optional amount (TDec_1302Opc, which refuses zero) should be printed. */
export function isPositive(value: DecimalInput | null | undefined): value is DecimalInput {
  if (value === null || value === undefined || value === "") return false;
  const text = typeof value === "string" ? value : String(value);
  if (PLAIN_DECIMAL.test(text)) return /[1-9]/.test(text);
  return new Decimal(text).greaterThan(0);
}

/** TDec_0302a04: percentages with 2 to 4 places; printed with 4 ("18.0000"). */
export function percent(value: DecimalInput, field = "rate"): string {
  return fixed(value, 4, field);
}

/** TDec_1104v: quantities with up to 4 places. */
export function quantity(value: DecimalInput, field = "quantity"): string {
  return fixed(value, 4, field);
}

/** TDec_1110v: unit values with up to 10 places. */
export function unitValue(value: DecimalInput, field = "unit value"): string {
  return fixed(value, 10, field);
}

/** TDec_1203: weights with 3 places. */
export function weight(value: DecimalInput, field = "weight"): string {
  return fixed(value, 3, field);
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function formattedUtcOffset(date: Date, timeZone: string): string {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormatters.set(timeZone, formatter);
  }
  const name = formatter.formatToParts(date).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  // "GMT-03:00"; plain "GMT" at offset zero.
  return name === "GMT" ? "+00:00" : name.slice(3);
}

// formatToParts cost a few hundredths of a millisecond per call, a visible share of a create's CPU
// (bench:emit): the offset is kept per zone for the quarter hour it was asked for. Kept only when
// both ends of the quarter have the same offset (no transition inside it); else computed each time.
const QUARTER_HOUR_MS = 15 * 60_000;
const quarterOffsets = new Map<string, { quarter: number; offset: string }>();

function utcOffset(date: Date, timeZone: string): string {
  const quarter = Math.floor(date.getTime() / QUARTER_HOUR_MS);
  const known = quarterOffsets.get(timeZone);
  if (known?.quarter === quarter) return known.offset;
  const start = formattedUtcOffset(new Date(quarter * QUARTER_HOUR_MS), timeZone);
  if (start !== formattedUtcOffset(new Date((quarter + 1) * QUARTER_HOUR_MS - 1), timeZone)) return formattedUtcOffset(date, timeZone);
  quarterOffsets.set(timeZone, { quarter, offset: start });
  return start;
}

/**
 * TDateTimeUTC in the issuer state's local time: "2026-03-10T14:05:09-03:00"
 * (MOC 4.00: dhEmi with the UTC offset of the place of issue; the capital's
 * zone from uf-ibge.json, e.g. America/Manaus gives -04:00).
 */
export function localDateTime(value: Date | string, uf: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new DomainError(422, "schema_validation_failed", `'${String(value)}' is not a date-time`);
  const offset = utcOffset(date, stateInfo(uf).timezone);
  const sign = offset.startsWith("-") ? -1 : 1;
  const [hours, minutes] = offset.slice(1).split(":").map(Number) as [number, number];
  const local = new Date(date.getTime() + sign * (hours * 60 + minutes) * 60_000);
  return `${local.toISOString().slice(0, 19)}${offset}`;
}

/** TData: "2026-03-10" (a date without time, e.g. dVenc). */
export function isoDate(value: Date | string): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new DomainError(422, "schema_validation_failed", `'${String(value)}' is not a date`);
  return date.toISOString().slice(0, 10);
}
