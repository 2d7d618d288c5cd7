import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/config/env";

// The key that protects A1 certificates at rest. CERTIFICATE_ENCRYPTION_KEY
// (base64 of 32 bytes) wins; without it the embedded default generates a key
// file under DATA_DIR once and reuses it, so a restart can still decrypt.
export const KEY_FILE_NAME = "certificate-encryption.key";
const KEY_BYTES = 32;

let cached: { source: string; key: Buffer } | undefined;

function decodeKey(base64: string, where: string): Buffer {
  const key = Buffer.from(base64.trim(), "base64");
  if (key.length !== KEY_BYTES) {
    throw new Error(`${where} must be the base64 encoding of exactly ${KEY_BYTES} bytes (got ${key.length})`);
  }
  return key;
}

function readOrCreateKeyFile(file: string): Buffer {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx" fails when the file exists, so two processes starting together keep one key.
    writeFileSync(file, randomBytes(KEY_BYTES).toString("base64"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return decodeKey(readFileSync(file, "utf8"), file);
}

/** The AES-256 key for certificates at rest (env variable, else the generated key file). */
export function certificateEncryptionKey(): Buffer {
  const fromEnv = env().CERTIFICATE_ENCRYPTION_KEY;
  const source = fromEnv ? `env:${fromEnv}` : `file:${path.join(env().DATA_DIR, KEY_FILE_NAME)}`;
  if (cached?.source === source) return cached.key;
  const key = fromEnv
    ? decodeKey(fromEnv, "CERTIFICATE_ENCRYPTION_KEY")
    : readOrCreateKeyFile(path.join(env().DATA_DIR, KEY_FILE_NAME));
  cached = { source, key };
  return key;
}
