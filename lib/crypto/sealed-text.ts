import { decrypt, encrypt } from "./aes-gcm";

// Short secrets kept in text columns (the NFC-e CSC token) are stored sealed
// with the same AES-256-GCM key as the A1 certificates: "enc:v1:" + base64 of
// the envelope. Values written before sealing existed are plain text and are
// read as they are; the next write of the settings seals them.
const SEALED_PREFIX = "enc:v1:";

export function sealText(plain: string): string;
export function sealText(plain: string | null): string | null;
export function sealText(plain: string | null): string | null {
  if (plain === null || plain === "") return plain;
  return SEALED_PREFIX + encrypt(plain).toString("base64");
}

export function openText(stored: string): string;
export function openText(stored: string | null): string | null;
export function openText(stored: string | null): string | null {
  if (stored === null || !stored.startsWith(SEALED_PREFIX)) return stored;
  return decrypt(Buffer.from(stored.slice(SEALED_PREFIX.length), "base64")).toString("utf8");
}

export const isSealedText = (stored: string | null): boolean => stored?.startsWith(SEALED_PREFIX) ?? false;
