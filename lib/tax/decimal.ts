import Decimal from "decimal.js";

// Money math with decimal.js, never floats. Each line value is rounded to the
// centavo with ROUND_HALF_UP (the rounding SEFAZ validates against, MOC 4.00
// "regras de arredondamento"); document totals are sums of rounded lines.
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = Decimal;

export type DecimalLike = Decimal.Value | { toString(): string };

export function dec(value: DecimalLike): Decimal {
  return new Dec(typeof value === "object" ? value.toString() : value);
}

export const ZERO = new Dec(0);

/** Rounds to the centavo, half up. */
export function roundMoney(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export function money(value: Decimal): string {
  return value.toFixed(2, Decimal.ROUND_HALF_UP);
}

export function rate(value: Decimal): string {
  return value.toFixed(4, Decimal.ROUND_HALF_UP);
}

/** round(base × percent / 100) to the centavo. */
export function percentOf(base: Decimal, percent: Decimal): Decimal {
  return roundMoney(base.times(percent).dividedBy(100));
}

export function sum(values: Decimal[]): Decimal {
  return values.reduce((acc, v) => acc.plus(v), ZERO);
}
