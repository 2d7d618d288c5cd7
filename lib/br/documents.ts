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

export function isValidCpf(value: string): boolean {
  const cpf = onlyDigits(value);
  if (cpf.length !== 11 || allSame(cpf)) return false;
  const digit = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(cpf[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return digit(9) === Number(cpf[9]) && digit(10) === Number(cpf[10]);
}

/** Check digits of a CNPJ; letters count as their char code minus 48 (alphanumeric CNPJ rule). */
export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeDocument(value);
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj) || allSame(cnpj)) return false;
  const digit = (length: number) => {
    let sum = 0;
    let weight = 2;
    for (let i = length - 1; i >= 0; i--) {
      sum += (cnpj.charCodeAt(i) - 48) * weight;
      weight = weight === 9 ? 2 : weight + 1;
    }
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return digit(12) === Number(cnpj[12]) && digit(13) === Number(cnpj[13]);
}

/** Appends the two check digits to a 12-character CNPJ base (used by tests and the demo data). */
export function completeCnpj(base12: string): string {
  let cnpj = base12;
  for (const length of [12, 13]) {
    let sum = 0;
    let weight = 2;
    for (let i = length - 1; i >= 0; i--) {
      sum += (cnpj.charCodeAt(i) - 48) * weight;
      weight = weight === 9 ? 2 : weight + 1;
    }
    const rest = sum % 11;
    cnpj += String(rest < 2 ? 0 : 11 - rest);
  }
  return cnpj;
}

/** Appends the two check digits to a 9-digit CPF base. */
export function completeCpf(base9: string): string {
  let cpf = base9;
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(cpf[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    cpf += String(rest === 10 ? 0 : rest);
  }
  return cpf;
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
