import Decimal from "decimal.js";
import { z } from "zod";

type DecimalLike = { toFixed(places: number): string };

// Rates and prices are returned as decimal strings with the stored scale of 4
// places ("18.0000"), never floats (README, API notes).
export const DECIMAL_PLACES = 4;

export function decimalString(value: DecimalLike): string;
export function decimalString(value: DecimalLike | null | undefined): string | null;
export function decimalString(value: DecimalLike | null | undefined): string | null {
  return value === null || value === undefined ? null : value.toFixed(DECIMAL_PLACES);
}

/**
 * A number, or a numeric string, in a request body (the spec accepts rates as
 * numbers), that fits a `Decimal(precision, scale)` column once PostgreSQL
 * rounds it to `scale` places: larger is 400 validation_error, never a
 * database overflow (issue 16, defect 4).
 */
export function decimalInput(precision: number, scale: number) {
  const limit = new Decimal(10).pow(precision - scale);
  const fits = (value: number | string) => new Decimal(value).toDecimalPlaces(scale).abs().lessThan(limit);
  const message = `must be less than ${limit.toFixed(0)} in absolute value (at most ${precision - scale} integer digits)`;
  return z.union([
    z.number().refine(Number.isFinite, "must be a finite number").refine(fits, message),
    z.string().trim().regex(/^-?\d{1,40}(\.\d{1,40})?$/, "must be a decimal number").refine(fits, message),
  ]);
}

/** Rates (percent) are stored as Decimal(7, 4). */
export const NumericInput = decimalInput(7, 4);

/** Modalities arrive as 4 or "4"; they are stored as the XML's one-character code. */
export const CodeInput = z.union([z.number().int().min(0).max(9), z.string().trim().min(1).max(3)]).transform(String);
