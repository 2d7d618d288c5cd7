import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { createTestCertificate } from "./create-test-certificate";
import { parsePkcs12, parsePkcs12OffThread, parseStoredPkcs12 } from "./parse-pkcs12";
import { MAX_PKCS12_ITERATIONS, readPkcs12IterationCounts } from "./pkcs12-iterations";
import { withMacIterations } from "./test-support/hostile-pkcs12";

// Issue 34, item 2: a PFX asking for millions of key-derivation iterations
// froze the web process. Files are made by OpenSSL with -iter (key, safes and MAC).

const work = mkdtempSync(path.join(tmpdir(), "pkcs12-bounds-"));
const source = parsePkcs12(...(Object.values(createTestCertificate({ cnpj: "11222333000181", legalName: "Iteracoes" })) as [Buffer, string]));
writeFileSync(path.join(work, "key.pem"), source.privateKeyPem);
writeFileSync(path.join(work, "cert.pem"), source.certificatePem);

function opensslPfx(iterations: number): Buffer {
  const out = path.join(work, `${iterations}.pfx`);
  execFileSync("openssl", ["pkcs12", "-export", "-inkey", path.join(work, "key.pem"), "-in", path.join(work, "cert.pem"), "-passout", "pass:segredo", "-iter", String(iterations), "-out", out]);
  return readFileSync(out);
}

async function refusal(run: () => Promise<unknown>): Promise<{ error: DomainError; ms: number }> {
  const started = performance.now();
  const error = await run().then(() => null, (caught: unknown) => caught);
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return { error, ms: performance.now() - started };
}

/** Largest delay of a 10 ms timer while `work` runs: what every other request of the process would wait. */
async function eventLoopLag<T>(work: () => Promise<T>): Promise<{ result: T; lagMs: number; durationMs: number }> {
  let lagMs = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lagMs = Math.max(lagMs, now - last - 10);
    last = now;
  }, 10);
  const started = performance.now();
  try {
    const result = await work();
    const durationMs = performance.now() - started;
    // Let a timer held back by synchronous work fire and record its delay.
    await new Promise((resolve) => setTimeout(resolve, 30));
    return { result, lagMs, durationMs };
  } finally {
    clearInterval(timer);
  }
}

const atBound = opensslPfx(MAX_PKCS12_ITERATIONS);

describe("PKCS#12 iteration bound", () => {
  it("reads the counts OpenSSL wrote (shrouded key, encrypted safe, MAC)", () => {
    expect(readPkcs12IterationCounts(atBound)).toEqual([MAX_PKCS12_ITERATIONS, MAX_PKCS12_ITERATIONS, MAX_PKCS12_ITERATIONS]);
    expect(Math.max(...readPkcs12IterationCounts(createTestCertificate({ cnpj: "11222333000181", legalName: "X" }).pfx))).toBe(2048);
  });

  it("refuses a file with 1,000,000 iterations with a clear 422 before any key derivation", async () => {
    const huge = opensslPfx(1_000_000);
    const { error, ms } = await refusal(() => parsePkcs12OffThread(huge, "segredo"));
    expect(error).toMatchObject({ status: 422, code: "certificate_invalid" });
    expect(error.message).toContain("asks for 1,000,000 key-derivation iterations; at most 100,000 are accepted");
    // One derivation at this count takes node-forge seconds; the refusal reads the structure only.
    expect(ms).toBeLessThan(200);
    expect(() => parsePkcs12(huge, "segredo")).toThrow(/at most 100,000/);
  });

  it("refuses 2^31-1 iterations written into the MAC of an otherwise ordinary file", async () => {
    const file = createTestCertificate({ cnpj: "11222333000181", legalName: "Mac", password: "segredo" }).pfx;
    const hostile = withMacIterations(file, 2 ** 31 - 1);
    expect(readPkcs12IterationCounts(hostile)).toEqual([2 ** 31 - 1, 2048]);
    const { error, ms } = await refusal(() => parsePkcs12OffThread(hostile, "segredo"));
    expect(error.message).toContain("asks for 2,147,483,647 key-derivation iterations");
    expect(ms).toBeLessThan(200);
  });
});

describe("PKCS#12 parsing off the event loop", () => {
  it("opens a file at the bound in a worker while the event loop keeps answering", async () => {
    // A generous limit: this measures the event loop, not the limit (the shared test machine may be slow).
    const offThread = await eventLoopLag(() => parsePkcs12OffThread(atBound, "segredo", { timeoutMs: 60_000 }));
    expect(offThread.result.holderCnpj).toBe("11222333000181");
    const onThread = await eventLoopLag(async () => parsePkcs12(atBound, "segredo"));
    // The same parse on the caller's thread holds every timer for its whole duration (with
    // native PBKDF2 that is ~150 ms at the bound, node-forge's took seconds); in the worker the
    // loop keeps turning: its lag is a small part of the parse's duration.
    expect(onThread.lagMs).toBeGreaterThan(onThread.durationMs * 0.8);
    expect(offThread.lagMs).toBeLessThan(Math.min(500, offThread.durationMs / 3));
    console.log(`PKCS#12 at ${MAX_PKCS12_ITERATIONS} iterations: worker ${Math.round(offThread.durationMs)} ms with event-loop lag ${Math.round(offThread.lagMs)} ms; on-thread lag ${Math.round(onThread.lagMs)} ms`);
  });

  it("opens a stored certificate above 10,000 iterations in a worker too (signing credentials load it)", async () => {
    const stored = await eventLoopLag(() => parseStoredPkcs12(atBound, "segredo"));
    expect(stored.result.holderCnpj).toBe("11222333000181");
    expect(stored.lagMs).toBeLessThan(Math.min(500, stored.durationMs / 3));
  });

  it("stops a parse that exceeds the time limit, with a clear 422", async () => {
    const { error, ms } = await refusal(() => parsePkcs12OffThread(atBound, "segredo", { timeoutMs: 100 }));
    expect(error).toMatchObject({ status: 422, code: "certificate_invalid" });
    expect(error.message).toContain("took longer than 0.1 s and was stopped");
    expect(ms).toBeLessThan(1_000);
  });

  it("keeps the password and structure errors of the file", async () => {
    expect((await refusal(() => parsePkcs12OffThread(atBound, "errada"))).error.code).toBe("certificate_password_invalid");
    expect((await refusal(() => parsePkcs12OffThread(Buffer.from("not a certificate"), "x"))).error.code).toBe("certificate_invalid");
  });
});
