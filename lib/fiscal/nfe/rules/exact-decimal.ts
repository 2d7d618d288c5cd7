// Exact decimal arithmetic on safe integers, for the rules that run on every
// document twice (before sending and in the simulator; issue 37): a value
// written as digits with an optional point is units / 10^scale, and sums,
// products, "/ 100" and comparisons stay exact while every units stays below
// 2^53. Outside that range, or for text in another form (an exponent, a plus
// sign, hex), each function answers null and the rule computes with decimal.js
// as before; a rule uses these only to accept what they prove, so it refuses
// exactly what decimal.js refuses. Money is never a float here.

export type Exact = { readonly units: number; readonly scale: number };

const ZERO: Exact = { units: 0, scale: 0 };
const CENTAVO: Exact = { units: 1, scale: 2 };

/** A field's value (absent or empty counts as zero, as amount() reads it), or null for any text but -?digits[.digits]. */
export function exact(value: unknown): Exact | null {
  if (value === undefined || value === null || value === "") return ZERO;
  if (typeof value !== "string") return null;
  const start = value.charCodeAt(0) === 45 /* - */ ? 1 : 0;
  const point = value.indexOf(".");
  // Digits before the point, and after it when there is one.
  if ((point === -1 ? value.length : point) === start || point === value.length - 1) return null;
  let end = value.length;
  if (point !== -1) {
    // Trailing zeros of the fraction say nothing ("3.0000" is 3): smaller units, fewer overflows.
    while (value.charCodeAt(end - 1) === 48 /* 0 */) end--;
    if (end === point + 1) end = point;
  }
  let units = 0;
  for (let i = start; i < end; i++) {
    if (i === point) continue;
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return null;
    units = units * 10 + digit;
  }
  // Once past 2^53 the running value stays past it, so this one test catches every inexact step.
  if (units > Number.MAX_SAFE_INTEGER) return null;
  return { units: start === 1 ? -units : units, scale: point === -1 || end <= point ? 0 : end - point - 1 };
}

// Powers of ten, exact as doubles up to 10^22; a larger one leaves units unsafe anyway.
const POW10 = Array.from({ length: 23 }, (_, n) => 10 ** n);

function scaled(a: Exact, scale: number): number | null {
  const units = a.units * (POW10[scale - a.scale] ?? Infinity);
  return Number.isSafeInteger(units) ? units : null;
}

function safe(units: number, scale: number): Exact | null {
  return Number.isSafeInteger(units) ? { units, scale } : null;
}

export function plus(a: Exact | null, b: Exact | null): Exact | null {
  if (!a || !b) return null;
  if (a.scale === b.scale) return safe(a.units + b.units, a.scale);
  const scale = Math.max(a.scale, b.scale);
  const x = scaled(a, scale);
  const y = scaled(b, scale);
  return x === null || y === null ? null : safe(x + y, scale);
}

export function minus(a: Exact | null, b: Exact | null): Exact | null {
  return b ? plus(a, { units: -b.units, scale: b.scale }) : null;
}

export function times(a: Exact | null, b: Exact | null): Exact | null {
  return a && b ? safe(a.units * b.units, a.scale + b.scale) : null;
}

/** a × b / 100: a value times a percentage. */
export function percentOf(a: Exact | null, percent: Exact | null): Exact | null {
  const product = times(a, percent);
  return product && { units: product.units, scale: product.scale + 2 };
}

/** The sum of the fields' values, or null. */
export function sumExact(values: readonly unknown[]): Exact | null {
  let total: Exact | null = ZERO;
  for (const value of values) {
    total = plus(total, exact(value));
    if (!total) return null;
  }
  return total;
}

/** The sum of one field over a list (the lines of a document), or null. */
export function sumOver<T>(list: readonly T[], pick: (entry: T) => unknown): Exact | null {
  let total: Exact | null = ZERO;
  for (const entry of list) {
    total = plus(total, exact(pick(entry)));
    if (!total) return null;
  }
  return total;
}

/** True when a and b are known to be the same number; false when they differ or cannot be told apart here. */
export function provenEqual(a: Exact | null, b: Exact | null): boolean {
  const difference = minus(a, b);
  return difference !== null && difference.units === 0;
}

/** True when |a − b| ≤ R$ 0.01 is proven (the centavo of rounding the MOC allows). */
export function provenWithinCentavo(a: Exact | null, b: Exact | null): boolean {
  const difference = minus(a, b);
  if (!difference) return false;
  const scale = Math.max(difference.scale, 2);
  const units = scaled(difference, scale);
  const tolerance = scaled(CENTAVO, scale);
  return units !== null && tolerance !== null && Math.abs(units) <= tolerance;
}

/** True when a ≤ b is proven; false when a > b or it cannot be told here. */
export function provenNotAbove(a: Exact | null, b: Exact | null): boolean {
  const difference = minus(a, b);
  return difference !== null && difference.units <= 0;
}
