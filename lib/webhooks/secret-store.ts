import { decrypt, encrypt } from "@/lib/crypto";

// Signing secrets at rest: AES-256-GCM with the same key as A1 certificates
// (CERTIFICATE_ENCRYPTION_KEY), so a database dump alone cannot forge webhooks.

const PREFIX = "aesgcm:";

export function sealSecret(secret: string): string {
  return PREFIX + encrypt(secret).toString("base64");
}

export function openSecret(stored: string): string {
  return stored.startsWith(PREFIX) ? decrypt(Buffer.from(stored.slice(PREFIX.length), "base64")).toString("utf8") : stored;
}
