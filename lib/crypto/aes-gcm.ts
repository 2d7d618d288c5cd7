import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { certificateEncryptionKey } from "./encryption-key";

// Envelope layout: iv (12 bytes) | auth tag (16 bytes) | ciphertext.
// A fresh random IV per message; GCM's tag makes any tampering fail loudly.
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ALGORITHM = "aes-256-gcm";

export function encrypt(plaintext: Buffer | string, key: Buffer = certificateEncryptionKey()): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const body = Buffer.concat([cipher.update(typeof plaintext === "string" ? Buffer.from(plaintext, "utf8") : plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Throws when the envelope was altered or was sealed with another key. */
export function decrypt(envelope: Uint8Array, key: Buffer = certificateEncryptionKey()): Buffer {
  const data = Buffer.from(envelope);
  if (data.length < IV_BYTES + TAG_BYTES) throw new Error("encrypted envelope is too short");
  const decipher = createDecipheriv(ALGORITHM, key, data.subarray(0, IV_BYTES));
  decipher.setAuthTag(data.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(data.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}
