import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { decrypt, encrypt } from "./aes-gcm";
import { adoptEmbeddedKeyFile, certificateEncryptionKey, KEY_FILE_NAME } from "./encryption-key";

const saved = { key: process.env.CERTIFICATE_ENCRYPTION_KEY, dir: process.env.DATA_DIR };
afterEach(() => {
  if (saved.key === undefined) delete process.env.CERTIFICATE_ENCRYPTION_KEY;
  else process.env.CERTIFICATE_ENCRYPTION_KEY = saved.key;
  if (saved.dir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = saved.dir;
  resetEnvCache();
});

describe("AES-256-GCM envelopes", () => {
  const key = randomBytes(32);

  it("round-trips and uses a fresh IV each time", () => {
    const secret = randomBytes(3000);
    const a = encrypt(secret, key);
    const b = encrypt(secret, key);
    expect(decrypt(a, key).equals(secret)).toBe(true);
    expect(a.equals(b)).toBe(false);
    expect(a.includes(secret.subarray(0, 16))).toBe(false);
  });

  it("fails on tampering or with another key", () => {
    const envelope = encrypt("senha", key);
    const tampered = Buffer.from(envelope);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => decrypt(tampered, key)).toThrow();
    expect(() => decrypt(envelope, randomBytes(32))).toThrow();
  });
});

describe("certificateEncryptionKey", () => {
  it("uses CERTIFICATE_ENCRYPTION_KEY and refuses one that is not 32 bytes", () => {
    const key = randomBytes(32);
    process.env.CERTIFICATE_ENCRYPTION_KEY = key.toString("base64");
    resetEnvCache();
    expect(certificateEncryptionKey().equals(key)).toBe(true);
    process.env.CERTIFICATE_ENCRYPTION_KEY = randomBytes(16).toString("base64");
    resetEnvCache();
    expect(() => certificateEncryptionKey()).toThrow(/32 bytes/);
  });

  it("without the variable refuses, naming it: a process never makes up a key of its own", () => {
    delete process.env.CERTIFICATE_ENCRYPTION_KEY;
    resetEnvCache();
    expect(() => certificateEncryptionKey()).toThrow(/CERTIFICATE_ENCRYPTION_KEY is not set/);
  });

  it("the embedded default adopts the key file under DATA_DIR, generated once and reused", () => {
    delete process.env.CERTIFICATE_ENCRYPTION_KEY;
    const dataDir = mkdtempSync(path.join(tmpdir(), "fiscal-data-"));
    adoptEmbeddedKeyFile(dataDir);
    resetEnvCache();
    const first = certificateEncryptionKey();
    const onDisk = Buffer.from(readFileSync(path.join(dataDir, KEY_FILE_NAME), "utf8"), "base64");
    expect(onDisk.equals(first)).toBe(true);
    expect(first).toHaveLength(32);
    delete process.env.CERTIFICATE_ENCRYPTION_KEY;
    adoptEmbeddedKeyFile(dataDir);
    resetEnvCache();
    expect(certificateEncryptionKey().equals(first)).toBe(true);
  });

  it("an explicit CERTIFICATE_ENCRYPTION_KEY wins over the embedded key file", () => {
    const key = randomBytes(32).toString("base64");
    process.env.CERTIFICATE_ENCRYPTION_KEY = key;
    adoptEmbeddedKeyFile(mkdtempSync(path.join(tmpdir(), "fiscal-data-")));
    expect(process.env.CERTIFICATE_ENCRYPTION_KEY).toBe(key);
  });
});
