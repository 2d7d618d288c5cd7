import { decrypt, encrypt } from "@/lib/crypto";

// Signing secrets at rest: AES-256-GCM with the same key as A1 certificates
// (CERTIFICATE_ENCRYPTION_KEY), so a database dump alone cannot forge webhooks.

const PREFIX = "aesgcm:";

export function sealSecret(secret: string): string {
  return PREFIX + encrypt(secret).toString("base64");
}

// Every delivery run opens its endpoint's secret; the sealed text changes with each rotation, so
// it is the key. Bounded: cleared when it holds more secrets than a large deployment has endpoints.
const opened = new Map<string, string>();
const MAX_OPENED = 10_000;

export function openSecret(stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  let secret = opened.get(stored);
  if (secret === undefined) {
    secret = decrypt(Buffer.from(stored.slice(PREFIX.length), "base64")).toString("utf8");
    if (opened.size >= MAX_OPENED) opened.clear();
    opened.set(stored, secret);
  }
  return secret;
}
