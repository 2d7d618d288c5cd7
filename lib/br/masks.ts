// Input masks for Brazilian identifiers, applied while typing. The API
// receives digits only (stripMask); the masks only help reading.

export const stripMask = (value: string) => value.replace(/[^0-9A-Za-z]/g, "").toUpperCase();

function group(value: string, pattern: string): string {
  let out = "";
  let i = 0;
  for (const ch of pattern) {
    if (i >= value.length) break;
    if (ch === "#") out += value[i++];
    else out += ch;
  }
  return out;
}

/** CPF 000.000.000-00 up to 11 characters, then CNPJ 00.000.000/0000-00 (letters allowed in its root: alphanumeric CNPJ, NT 2025.001). */
export function maskCpfCnpj(value: string): string {
  const raw = stripMask(value).slice(0, 14);
  if (raw.length <= 11 && /^\d*$/.test(raw)) return group(raw, "###.###.###-##");
  return group(raw, "##.###.###/####-##");
}

/** CNPJ 00.000.000/0000-00 (letters allowed in its root: alphanumeric CNPJ, NT 2025.001). */
export const maskCnpj = (value: string) => group(stripMask(value).slice(0, 14), "##.###.###/####-##");

export const maskCep = (value: string) => group(value.replace(/\D/g, "").slice(0, 8), "#####-###");

/** (11) 91234-5678 for mobiles, (11) 1234-5678 for landlines. */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 11);
  return digits.length <= 10 ? group(digits, "(##) ####-####") : group(digits, "(##) #####-####");
}

/** IE: digits only (formats differ per state), or the word ISENTO. */
export function maskStateRegistration(value: string): string {
  const upper = value.toUpperCase();
  if ("ISENTO".startsWith(upper.replace(/[^A-Z]/g, "")) && /[A-Z]/.test(upper)) return upper.replace(/[^A-Z]/g, "").slice(0, 6);
  return value.replace(/\D/g, "").slice(0, 14);
}

/** Mercosul (ABC1D23) or old (ABC1234) plates: upper case, no hyphen. */
export const maskPlate = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 7);

export const maskUf = (value: string) => value.toUpperCase().replace(/[^A-Z]/g, "").slice(0, 2);
