import { modulus11CheckDigit } from "@/lib/br";

// NFS-e access key (XSD TSIdNFSe, Anexo I LEIAUTE): 50 digits = issuing
// municipality (7) + ambGer (1) + tpInsc (1) + inscription (14) + nNFSe (13)
// + AAMM (4) + cNum (9) + DV (1). The DV is not stated in the annex; five real
// keys fit modulus 11 with weights 2..9 from the right (remainder 0/1 → 0).

export function nfseAccessKey(input: { municipality: string; ambGer: string; tpInsc: string; inscription: string; nNFSe: number; yearMonth: string; cNum: string }): string {
  const body = `${input.municipality}${input.ambGer}${input.tpInsc}${input.inscription.padStart(14, "0")}${String(input.nNFSe).padStart(13, "0")}${input.yearMonth}${input.cNum.padStart(9, "0")}`;
  if (!/^\d{49}$/.test(body)) throw new Error(`NFS-e access key body must be 49 digits, got ${body}`);
  return body + modulus11CheckDigit(body);
}

export function isValidNfseAccessKey(key: string): boolean {
  return /^\d{50}$/.test(key) && modulus11CheckDigit(key.slice(0, 49)) === Number(key[49]);
}

/** The nNFSe inside a key. */
export function nfseNumberOfKey(key: string): number {
  return Number(key.slice(23, 36));
}
