import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/config/env";
import { certificateEncryptionKey } from "@/lib/crypto/encryption-key";

// The link in the accountant's monthly e-mail: /api/exports/{id}/download?expires=…&signature=…,
// usable without signing in until it expires. The signature is an HMAC-SHA256 of the export
// id and the expiry under a key derived from CERTIFICATE_ENCRYPTION_KEY, the one secret every
// web and worker process is guaranteed to share (a worker signs, the web process checks).

const PURPOSE = "fiscal:export-download-link:v1";

function linkKey(): Buffer {
  return createHmac("sha256", certificateEncryptionKey()).update(PURPOSE).digest();
}

function signatureOf(exportId: string, expires: number): string {
  return createHmac("sha256", linkKey()).update(`${exportId}.${expires}`).digest("hex");
}

/** The public base URL of the dashboard (NEXTAUTH_URL, which `npm start` sets). */
export function publicBaseUrl(): string {
  return (env().NEXTAUTH_URL ?? `http://localhost:${process.env.PORT ?? "3000"}`).replace(/\/+$/, "");
}

export function signedDownloadUrl(exportId: string, expiresAt: Date, base = publicBaseUrl()): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${base}/api/exports/${encodeURIComponent(exportId)}/download?expires=${expires}&signature=${signatureOf(exportId, expires)}`;
}

/** "valid", "expired" or "invalid" (a signature that does not match: tampered id, expiry or signature). */
export function checkSignedLink(exportId: string, expires: number, signature: string, now = Date.now()): "valid" | "expired" | "invalid" {
  const expected = Buffer.from(signatureOf(exportId, expires), "hex");
  const given = Buffer.from(signature, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return expires * 1000 <= now ? "expired" : "valid";
}
