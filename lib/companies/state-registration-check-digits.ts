// Arithmetic shared by the IE check-digit rules of the states (Sintegra,
// "Conferência de Inscrições Estaduais"). A digit is computed from a weighted
// sum; the states differ in the weights and in how the sum becomes a digit.

/** How a weighted sum becomes the check digit. */
export type DigitRule = (sum: number) => number;

/** The usual "módulo 11": 11 − remainder, 0 when that is 10 or 11 (remainder 0 or 1). */
export const mod11: DigitRule = (sum) => {
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
};

/** 11 − remainder, less 10 when that is 10 or 11 (RO, PE's 14-digit form): remainder 0 gives 1. */
export const mod11LessTen: DigitRule = (sum) => (11 - (sum % 11)) % 10;

/** (sum × 10) mod 11, 0 when that is 10 (AL, RN). */
export const mod11TimesTen: DigitRule = (sum) => ((sum * 10) % 11) % 10;

/** 10 − (sum mod 10), 0 when the remainder is 0 (BA). */
export const mod10: DigitRule = (sum) => (10 - (sum % 10)) % 10;

/** Σ digit × weight, pairing the digits and the weights from the left. */
export function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  return sum;
}

/**
 * Weights 2, 3, …, max given from the rightmost digit leftwards, restarting at
 * 2 after max, and returned left to right (8 digits, max 9: 9 8 7 6 5 4 3 2).
 */
export function weightsFromRight(count: number, max = 9): number[] {
  return Array.from({ length: count }, (_, i) => 2 + ((count - 1 - i) % (max - 1)));
}

/** The digit of `digits` with the usual right-to-left weights (2…max) and the rule. */
export function checkDigit(digits: string, rule: DigitRule = mod11, max = 9): number {
  return rule(weightedSum(digits, weightsFromRight(digits.length, max)));
}

/** `ie` with the digit at `index` replaced. */
export function setDigit(ie: string, index: number, digit: number): string {
  return ie.slice(0, index) + String(digit) + ie.slice(index + 1);
}

/** `ie` with its digit at `index` computed from the digits before it. */
export function withDigitAt(ie: string, index: number, rule: DigitRule = mod11, max = 9): string {
  return setDigit(ie, index, checkDigit(ie.slice(0, index), rule, max));
}
