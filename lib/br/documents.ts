// Brazilian taxpayer identifiers: CPF (11 digits) and CNPJ (14 characters;
// numeric, or alphanumeric root and branch per NT 2026.004 / IN RFB 2.229/2024).

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
 * (alphanumeric CNPJ, NT 2026.004) count as their char code minus 48.
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

/** Check digits of a CNPJ, numeric or alphanumeric (NT 2026.004). */
export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeDocument(value);
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj) || allSame(cnpj)) return false;
  return completeCnpj(cnpj.slice(0, 12)) === cnpj;
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

export function randomCpf(): string {
  let base = "";
  for (let i = 0; i < 9; i++) base += Math.floor(Math.random() * 10);
  return completeCpf(base);
}
