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

/** A number, or a numeric string, in a request body (the spec accepts rates as numbers). */
export const NumericInput = z.union([
  z.number().refine(Number.isFinite, "must be a finite number"),
  z.string().trim().regex(/^-?\d+(\.\d+)?$/, "must be a decimal number"),
]);

/** Modalities arrive as 4 or "4"; they are stored as the XML's one-character code. */
export const CodeInput = z.union([z.number().int().min(0).max(9), z.string().trim().min(1).max(3)]).transform(String);
