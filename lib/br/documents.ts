// Brazilian taxpayer identifiers: CPF (11 digits) and CNPJ (14 characters;
// numeric, or alphanumeric root and branch: IN RFB 2.229/2024, NT Conjunta
// 2025.001 "CNPJ Alfanumérico" v1.00, in homologation from 06/04/2026 and in
// production from 06/07/2026). Every place that reads a CNPJ or an access key
// uses the patterns below; docs/api-notes/alphanumeric-cnpj.md has the rules.

/** Source of a CNPJ's pattern (NT Conjunta 2025.001 item 4; schema type TCnpj): 12 of [0-9A-Z], 2 check digits. */
export const CNPJ_PATTERN_SOURCE = "[0-9A-Z]{12}[0-9]{2}";
/** Source of an access key's pattern (NT Conjunta 2025.001 item 5; schema type TChNFe). */
export const ACCESS_KEY_PATTERN_SOURCE = "[0-9]{6}[0-9A-Z]{12}[0-9]{26}";
export const CNPJ_PATTERN = new RegExp(`^${CNPJ_PATTERN_SOURCE}$`);
export const ACCESS_KEY_PATTERN = new RegExp(`^${ACCESS_KEY_PATTERN_SOURCE}$`);

/**
 * Letters the alphanumeric CNPJ does not use: NT Conjunta 2025.001 v1.00, item 4,
 * "Algumas letras não devem ser aceitas no CNPJ Alfa, como I, O, U, Q e F"
 * (asked by ENCAT of the RFB); its item 5 extends the exclusion to access keys.
 */
export const CNPJ_EXCLUDED_LETTERS = ["I", "O", "U", "Q", "F"] as const;
const EXCLUDED_LETTER = /[IOUQF]/;

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** Strips punctuation; CNPJs keep letters (alphanumeric CNPJ), uppercased. */
export function normalizeDocument(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
}

function allSame(value: string): boolean {
  return /^(.)\1*$/.test(value);
}

/** CPF check digit of the digits so far: weights length+1 down to 2, mod 11. */
function cpfCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/**
 * Modulus 11 with weights 2..9 repeating from the right, remainder 0 or 1 giving 0:
 * the CNPJ's check digits and the NF-e access key's cDV (MOC 4.00, 5.4). Letters
 * (alphanumeric CNPJ, NT Conjunta 2025.001 items 2 and 5) count as their char code minus 48.
 */
export function modulus11CheckDigit(characters: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = characters.length - 1; i >= 0; i--) {
    sum += (characters.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(value: string): boolean {
  const cpf = onlyDigits(value);
  if (cpf.length !== 11 || allSame(cpf)) return false;
  return completeCpf(cpf.slice(0, 9)) === cpf;
}

/**
 * What is wrong with a CNPJ (numeric or alphanumeric), in words an API error
 * can carry; null when it is valid. Punctuation is ignored, letters are
 * uppercased (normalizeDocument).
 */
export function cnpjProblem(value: string): string | null {
  const cnpj = normalizeDocument(value);
  if (!CNPJ_PATTERN.test(cnpj)) return "a CNPJ has 14 characters: 12 digits or capital letters, then 2 check digits";
  if (EXCLUDED_LETTER.test(cnpj.slice(0, 12))) return "the letters I, O, U, Q and F are not used in CNPJs (NT Conjunta 2025.001, item 4)";
  if (allSame(cnpj) || completeCnpj(cnpj.slice(0, 12)) !== cnpj) return "check digits do not match";
  return null;
}

/** Check digits (ASCII − 48 per character, mod 11) and alphabet of a CNPJ, numeric or alphanumeric. */
export function isValidCnpj(value: string): boolean {
  return cnpjProblem(value) === null;
}

/** True when the CNPJ has a letter (an alphanumeric CNPJ, issued since 06/07/2026). */
export function isAlphanumericCnpj(value: string): boolean {
  return /[A-Z]/.test(normalizeDocument(value));
}

/** Appends the two check digits to a 12-character CNPJ base (used by tests and the demo data). */
export function completeCnpj(base12: string): string {
  const first = base12 + modulus11CheckDigit(base12);
  return first + modulus11CheckDigit(first);
}

/** Appends the two check digits to a 9-digit CPF base. */
export function completeCpf(base9: string): string {
  const first = base9 + cpfCheckDigit(base9);
  return first + cpfCheckDigit(first);
}

/** A random valid CNPJ, for tests and demo companies. */
export function randomCnpj(): string {
  let base = "";
  for (let i = 0; i < 8; i++) base += Math.floor(Math.random() * 10);
  return completeCnpj(`${base}0001`);
}

// The alphabet of an alphanumeric CNPJ: digits and the letters not excluded.
const ALPHANUMERIC = "0123456789ABCDEGHJKLMNPRSTVWXYZ";

/** A random valid alphanumeric CNPJ (letters in its root and branch), for tests and demo companies. */
export function randomAlphanumericCnpj(): string {
  const pick = () => ALPHANUMERIC[Math.floor(Math.random() * ALPHANUMERIC.length)]!;
  const letter = () => ALPHANUMERIC[10 + Math.floor(Math.random() * (ALPHANUMERIC.length - 10))]!;
  let root = letter();
  for (let i = 1; i < 8; i++) root += pick();
  return completeCnpj(`${root}0${letter()}${pick()}${pick()}`);
}

export function randomCpf(): string {
  let base = "";
  for (let i = 0; i < 9; i++) base += Math.floor(Math.random() * 10);
  return completeCpf(base);
}
