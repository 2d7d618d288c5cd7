import { modulus11CheckDigit } from "@/lib/br";

// NFS-e access key (XSD TSIdNFSe, Anexo I LEIAUTE): 50 characters = issuing
// municipality (7) + ambGer (1) + tpInsc (1) + inscription (14) + nNFSe (13)
// + AAMM (4) + cNum (9) + DV (1). The DV is not stated in the annex; five real
// keys fit modulus 11 with weights 2..9 from the right (remainder 0/1 → 0).
//
// An alphanumeric CNPJ provider's inscription carries letters: the schema
// bundle esquemas-nfse-rtc-v1-01-20260727 (in production since 10/08/2026)
// has TSIdNFSe "NFS[0-9]{9}[0-9A-Z]{14}[0-9]{27}". No NFS-e text states the
// DV of such a key; we apply the NF-e rule of NT Conjunta 2025.001 (each
// character worth its ASCII code − 48), which leaves numeric keys unchanged.

/** TSIdNFSe without its "NFS" prefix (bundle 20260727): letters only in the inscription. */
export const NFSE_ACCESS_KEY_PATTERN = /^[0-9]{9}[0-9A-Z]{14}[0-9]{27}$/;

export function nfseAccessKey(input: { municipality: string; ambGer: string; tpInsc: string; inscription: string; nNFSe: number; yearMonth: string; cNum: string }): string {
  const body = `${input.municipality}${input.ambGer}${input.tpInsc}${input.inscription.padStart(14, "0")}${String(input.nNFSe).padStart(13, "0")}${input.yearMonth}${input.cNum.padStart(9, "0")}`;
  if (!NFSE_ACCESS_KEY_PATTERN.test(`${body}0`)) throw new Error(`NFS-e access key body must be 49 characters (letters only in the inscription), got ${body}`);
  return body + modulus11CheckDigit(body);
}

export function isValidNfseAccessKey(key: string): boolean {
  return NFSE_ACCESS_KEY_PATTERN.test(key) && modulus11CheckDigit(key.slice(0, 49)) === Number(key[49]);
}

/** The nNFSe inside a key. */
export function nfseNumberOfKey(key: string): number {
  return Number(key.slice(23, 36));
}
