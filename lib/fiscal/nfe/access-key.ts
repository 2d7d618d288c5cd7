import { randomInt } from "node:crypto";
import { ACCESS_KEY_PATTERN, CNPJ_EXCLUDED_LETTERS, modulus11CheckDigit } from "@/lib/br";

// Chave de acesso (MOC 4.00, section 2.2.6): cUF(2) AAMM(4) CNPJ(14) mod(2)
// serie(3) nNF(9) tpEmis(1) cNF(8) cDV(1) = 44 characters. Since NT Conjunta
// 2025.001 (CNPJ Alfanumérico, item 5) the CNPJ may be alphanumeric
// ([0-9A-Z]{12}[0-9]{2}, without the excluded letters); each character then
// weighs its ASCII code minus 48 in the mod-11 sum, exactly as in the CNPJ's
// own check digits, which leaves numeric keys unchanged.

export type AccessKeyParts = {
  cUF: string;
  /** Year and month of dhEmi, "AAMM". */
  yearMonth: string;
  /** Issuer CNPJ (14 chars, possibly alphanumeric) or CPF padded to 14 with zeros. */
  issuerDocument: string;
  model: "55" | "65";
  series: number;
  number: number;
  tpEmis: string;
  cNF: string;
};

export type ParsedAccessKey = AccessKeyParts & { cDV: string; key: string };

const KEY_PATTERN = ACCESS_KEY_PATTERN;
const hasExcludedLetter = (key: string) => CNPJ_EXCLUDED_LETTERS.some((letter) => key.slice(6, 18).includes(letter));

/** Mod-11 check digit over the first 43 characters: weights 2..9 from the right; remainder 0 or 1 gives 0. */
export function accessKeyCheckDigit(first43: string): string {
  if (!/^[0-9A-Z]{43}$/.test(first43)) throw new Error("accessKeyCheckDigit needs 43 characters [0-9A-Z]");
  return String(modulus11CheckDigit(first43));
}

// cNF values refused as predictable (NT 2019.001, rule for ide/cNF) besides
// being equal to nNF: repeated digits and ascending runs.
const PREDICTABLE_CNF = new Set([
  ...Array.from({ length: 10 }, (_, d) => String(d).repeat(8)),
  "12345678", "23456789", "34567890", "45678901", "56789012", "67890123", "78901234", "89012345", "90123456", "01234567",
]);

/** True when cNF may be used with this document number (MOC: cNF must differ from nNF). */
export function isAcceptableCnf(cNF: string, number: number): boolean {
  return /^[0-9]{8}$/.test(cNF) && Number(cNF) !== number && !PREDICTABLE_CNF.has(cNF);
}

/** A random 8-digit cNF that is never equal to the document number nor a predictable sequence. */
export function randomCnf(number: number): string {
  for (;;) {
    const cNF = String(randomInt(0, 100_000_000)).padStart(8, "0");
    if (isAcceptableCnf(cNF, number)) return cNF;
  }
}

/** The 44-character access key; Id of infNFe is "NFe" + this key. */
export function buildAccessKey(parts: AccessKeyParts): string {
  const document = parts.issuerDocument.toUpperCase().padStart(14, "0");
  const first43 =
    parts.cUF.padStart(2, "0") +
    parts.yearMonth +
    document +
    parts.model +
    String(parts.series).padStart(3, "0") +
    String(parts.number).padStart(9, "0") +
    parts.tpEmis +
    parts.cNF;
  if (first43.length !== 43 || !KEY_PATTERN.test(first43 + "0")) {
    throw new Error(`Access key parts do not fit the layout: ${first43}`);
  }
  return first43 + accessKeyCheckDigit(first43);
}

/** Splits a key into its fields; null when the layout or the check digit is wrong. */
export function parseAccessKey(key: string): ParsedAccessKey | null {
  if (!KEY_PATTERN.test(key) || hasExcludedLetter(key)) return null;
  const cDV = key.slice(43);
  if (accessKeyCheckDigit(key.slice(0, 43)) !== cDV) return null;
  const model = key.slice(20, 22);
  if (model !== "55" && model !== "65") return null;
  return {
    key,
    cUF: key.slice(0, 2),
    yearMonth: key.slice(2, 6),
    issuerDocument: key.slice(6, 20),
    model,
    series: Number(key.slice(22, 25)),
    number: Number(key.slice(25, 34)),
    tpEmis: key.slice(34, 35),
    cNF: key.slice(35, 43),
    cDV,
  };
}

export function isValidAccessKey(key: string): boolean {
  return parseAccessKey(key) !== null;
}
