// State registration (IE): "ISENTO" or the digits of the UF's format. Lengths
// follow each SEFAZ's published layout (Sintegra, "Conferência de Inscrições
// Estaduais"); the check digits are left to the SEFAZ (rejection 209/229).
const IE_LENGTHS: Record<string, number[]> = {
  AC: [13], AL: [9], AM: [9], AP: [9], BA: [8, 9], CE: [9], DF: [13], ES: [9], GO: [9],
  MA: [9], MG: [13], MS: [9], MT: [9, 10, 11], PA: [9], PB: [9], PE: [9, 14], PI: [9],
  PR: [10], RJ: [8], RN: [9, 10], RO: [9, 14], RR: [9], RS: [10], SC: [9], SE: [9],
  SP: [12], TO: [9, 11],
};

export const EXEMPT_STATE_REGISTRATION = "ISENTO";

/** Uppercased "ISENTO", or the digits only (punctuation removed). */
export function normalizeStateRegistration(value: string): string {
  const trimmed = value.trim().toUpperCase();
  return trimmed === EXEMPT_STATE_REGISTRATION ? trimmed : trimmed.replace(/[.\-/\s]/g, "");
}

/** Null when valid for the UF, else the reason. */
export function stateRegistrationProblem(value: string, uf: string): string | null {
  const ie = normalizeStateRegistration(value);
  if (ie === EXEMPT_STATE_REGISTRATION) return null;
  if (!/^\d+$/.test(ie)) return 'must contain only digits, or be "ISENTO"';
  const lengths = IE_LENGTHS[uf];
  if (!lengths) return `unknown state ${uf}`;
  if (!lengths.includes(ie.length)) return `an IE of ${uf} has ${lengths.join(" or ")} digits (got ${ie.length})`;
  if (/^0+$/.test(ie)) return "cannot be all zeros";
  return null;
}

function spCheckDigit(digits: string, weights: number[]): string {
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  return String((sum % 11) % 10);
}

/**
 * A plausible IE of the right length for test and demo companies; for SP (the
 * demo default) with valid check digits (SEFAZ-SP: digits 9 and 12).
 */
export function sampleStateRegistration(uf: string, seed = "11022233"): string {
  if (uf === "SP") {
    const base = seed.replace(/\D/g, "").padEnd(8, "0").slice(0, 8);
    const withFirst = `${base}${spCheckDigit(base, [1, 3, 4, 5, 6, 7, 8, 10])}11`;
    return `${withFirst}${spCheckDigit(withFirst, [3, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2])}`;
  }
  const length = IE_LENGTHS[uf]?.[0] ?? 9;
  return "1234567890123456".slice(0, length);
}
