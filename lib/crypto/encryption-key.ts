import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/config/env";

// The key that protects A1 certificates (and webhook secrets, CSC tokens) at
// rest: CERTIFICATE_ENCRYPTION_KEY, base64 of 32 bytes. Every process that
// shares a database must have the same key, so a process never makes one up
// (issue 34 problem 10): without the variable it refuses, naming it. The one
// exception is the embedded default (no DATABASE_URL): its entry points put
// the key file under DATA_DIR (generated once) into the variable before
// anything else runs (adoptEmbeddedKeyFile), and the processes they start
// inherit it.
export const KEY_VARIABLE = "CERTIFICATE_ENCRYPTION_KEY";
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

export function missingKeyMessage(): string {
  return (
    `${KEY_VARIABLE} is not set. With an external database (DATABASE_URL) every web, worker and CLI process ` +
    `must be given the same key (base64 of ${KEY_BYTES} bytes, e.g. \`openssl rand -base64 32\`); a process never ` +
    `generates one of its own, since nothing it encrypted could be read by the others (docs/operations.md).`
  );
}

/** The AES-256 key for secrets at rest; throws naming CERTIFICATE_ENCRYPTION_KEY when it is absent or malformed. */
export function certificateEncryptionKey(): Buffer {
  const fromEnv = env().CERTIFICATE_ENCRYPTION_KEY;
  if (!fromEnv) throw new Error(missingKeyMessage());
  if (cached?.source === fromEnv) return cached.key;
  const key = decodeKey(fromEnv, KEY_VARIABLE);
  cached = { source: fromEnv, key };
  return key;
}

/**
 * The embedded default: unless CERTIFICATE_ENCRYPTION_KEY is set, the key file
 * under `dataDir` (generated on first use) becomes the variable of this process
 * and of the processes it starts. Only for the embedded database.
 */
export function adoptEmbeddedKeyFile(dataDir: string): void {
  if (process.env[KEY_VARIABLE]) return;
  const file = path.join(dataDir, KEY_FILE_NAME);
  mkdirSync(dataDir, { recursive: true });
  try {
    // "wx" fails when the file exists, so two processes starting together keep one key.
    writeFileSync(file, randomBytes(KEY_BYTES).toString("base64"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  process.env[KEY_VARIABLE] = decodeKey(readFileSync(file, "utf8"), file).toString("base64");
}

/** A random key for a throwaway database (tests, e2e, benches), unless one is set. */
export function setThrowawayEncryptionKey(): void {
  process.env[KEY_VARIABLE] ||= randomBytes(KEY_BYTES).toString("base64");
}
