import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { installTestCertificate } from "@/lib/certificates";
import { resetEnvCache } from "@/lib/config/env";
import { getPool } from "@/lib/db/client";
import { createTestCompany } from "@/test/factories";
import { assertKeyOpensCertificates, CertificateKeyError } from "@/lib/certificates/assert-key-opens-certificates";
import { KEY_FILE_NAME } from "./encryption-key";

// Issue 34 problem 10: with an external database a process without the shared
// key (or with another key) refuses to start, naming the variable, and never
// writes a key of its own.
const run = promisify(execFile);
const savedKey = process.env.CERTIFICATE_ENCRYPTION_KEY;
afterEach(() => {
  process.env.CERTIFICATE_ENCRYPTION_KEY = savedKey;
  resetEnvCache();
});

/** `npm run worker` against the test database with the given key (undefined: none); its exit code and output. */
async function startWorker(key: string | undefined, dataDir: string): Promise<{ code: number; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, WORKER_CONCURRENCY: "1" };
  if (key === undefined) delete env.CERTIFICATE_ENCRYPTION_KEY;
  else env.CERTIFICATE_ENCRYPTION_KEY = key;
  try {
    // A worker that starts runs until stopped: the timeout ends it (and fails the expectations below).
    const { stdout, stderr } = await run(path.resolve("node_modules/.bin/tsx"), ["scripts/worker.ts"], { env, timeout: 20_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === "number" ? failed.code : -1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

describe("the certificate key at start-up (external database)", () => {
  it("a worker without CERTIFICATE_ENCRYPTION_KEY exits 1 naming it, and writes no key file", async () => {
    await installTestCertificate({ companyId: (await createTestCompany()).companyId });
    const dataDir = mkdtempSync(path.join(tmpdir(), "fiscal-no-key-"));
    const { code, output } = await startWorker(undefined, dataDir);
    expect(code).toBe(1);
    expect(output).toContain("CERTIFICATE_ENCRYPTION_KEY is not set");
    expect(existsSync(path.join(dataDir, KEY_FILE_NAME))).toBe(false);
  });

  it("a worker whose key does not open the stored certificates exits 1 naming the variable", async () => {
    await installTestCertificate({ companyId: (await createTestCompany()).companyId });
    const { code, output } = await startWorker(randomBytes(32).toString("base64"), mkdtempSync(path.join(tmpdir(), "fiscal-wrong-key-")));
    expect(code).toBe(1);
    expect(output).toContain("CERTIFICATE_ENCRYPTION_KEY does not open the certificates stored in this database");
  });

  it("the check passes with the key the certificates were encrypted with and refuses any other", async () => {
    await installTestCertificate({ companyId: (await createTestCompany()).companyId });
    await expect(assertKeyOpensCertificates(getPool())).resolves.toBeUndefined();
    process.env.CERTIFICATE_ENCRYPTION_KEY = randomBytes(32).toString("base64");
    resetEnvCache();
    await expect(assertKeyOpensCertificates(getPool())).rejects.toBeInstanceOf(CertificateKeyError);
    process.env.CERTIFICATE_ENCRYPTION_KEY = "";
    resetEnvCache();
    await expect(assertKeyOpensCertificates(getPool())).rejects.toThrow(/CERTIFICATE_ENCRYPTION_KEY is not set/);
  });
});
