import { randomInt } from "node:crypto";
import { ACCESS_KEY_PATTERN, CNPJ_EXCLUDED_LETTERS, modulus11CheckDigit } from "@/lib/br";

// Chave de acesso do MDF-e (MOC MDF-e 3.00a, item 2.3): cUF(2) AAMM(4) CNPJ(14) mod(2)=58
// serie(3) nMDF(9) tpEmis(1) cMDF(8) cDV(1) = 44 characters, the NF-e layout with model 58.
// NT MDF-e 2025.001 admits the alphanumeric CNPJ in the key (TChMDFe = [0-9]{6}[A-Z0-9]{12}[0-9]{26});
// each character weighs its ASCII code minus 48 in the mod-11 sum, as for the NF-e (lib/br).

export const MDFE_MODEL = "58";

export type MdfeKeyParts = { cUF: string; yearMonth: string; cnpj: string; series: number; number: number; tpEmis: string; cMDF: string };

export function buildMdfeAccessKey(parts: MdfeKeyParts): string {
  const first43 =
    parts.cUF.padStart(2, "0") +
    parts.yearMonth +
    parts.cnpj.toUpperCase().padStart(14, "0") +
    MDFE_MODEL +
    String(parts.series).padStart(3, "0") +
    String(parts.number).padStart(9, "0") +
    parts.tpEmis +
    parts.cMDF;
  if (first43.length !== 43 || !ACCESS_KEY_PATTERN.test(first43 + "0")) throw new Error(`MDF-e key parts do not fit the layout: ${first43}`);
  return first43 + String(modulus11CheckDigit(first43));
}

export type ParsedMdfeKey = MdfeKeyParts & { key: string; model: string; cDV: string };

/** Any DF-e key (NF-e 55, MDF-e 58, CT-e 57…) split into its fields; null when the layout or check digit is wrong. */
export function parseDfeKey(key: string): ParsedMdfeKey | null {
  if (!ACCESS_KEY_PATTERN.test(key) || CNPJ_EXCLUDED_LETTERS.some((l) => key.slice(6, 18).includes(l))) return null;
  if (String(modulus11CheckDigit(key.slice(0, 43))) !== key.slice(43)) return null;
  return {
    key,
    cUF: key.slice(0, 2),
    yearMonth: key.slice(2, 6),
    cnpj: key.slice(6, 20),
    model: key.slice(20, 22),
    series: Number(key.slice(22, 25)),
    number: Number(key.slice(25, 34)),
    tpEmis: key.slice(34, 35),
    cMDF: key.slice(35, 43),
    cDV: key.slice(43),
  };
}

const PREDICTABLE = new Set(["12345678", "23456789", "87654321", ...Array.from({ length: 10 }, (_, d) => String(d).repeat(8))]);

/** cMDF: 8 random digits, never the document number nor a repeated/ascending run (as the NF-e's cNF). */
export function randomCmdf(number: number): string {
  for (;;) {
    const value = String(randomInt(0, 100_000_000)).padStart(8, "0");
    if (Number(value) !== number && !PREDICTABLE.has(value)) return value;
  }
}
