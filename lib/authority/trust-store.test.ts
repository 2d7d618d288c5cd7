import { mkdtempSync, writeFileSync } from "node:fs";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestCa, issueLoopbackServerCertificate } from "@/lib/certificates/test-support/test-ca";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { authorityHttpRequest } from "./authority-http";
import { closeServer, listenOnLoopback } from "./test-support/loopback-server";
import { probeTls } from "./tls-probe";
import { useExtraCaFile, writeCaBundle } from "./test-support/extra-ca-file";
import { loadTrustStore } from "./trust-store";

// A server whose chain no public store knows (as SEFAZ hosts under ICP-Brasil
// SSL CAs) is trusted only through the configured bundle; otherwise the call
// fails naming the issuer that was not trusted. Verification is never off.

const root = createTestCa("AC Raiz Loopback Teste");
const intermediate = createTestCa("AC Loopback SSL Teste", root);
const leaf = issueLoopbackServerCertificate(intermediate);
const work = mkdtempSync(path.join(tmpdir(), "authority-trust-"));
const a1 = testSigningCredentials("11222333000181");
let server: https.Server;
let url: string;

const bundle = (name: string, ...pems: string[]) => writeCaBundle(work, name, ...pems);

beforeAll(async () => {
  // The server sends its leaf and intermediate, as SEFAZ hosts should; the root must come from our store.
  server = https.createServer({ key: leaf.key, cert: `${leaf.cert}${intermediate.certificatePem}` }, (_request, response) => response.end("ok"));
  url = `https://127.0.0.1:${await listenOnLoopback(server)}/ws`;
});
afterAll(() => closeServer(server));
afterEach(() => useExtraCaFile(undefined));

const call = () => authorityHttpRequest({ url, method: "GET", headers: {}, certificate: a1, timeoutMs: 15_000 });

describe("authority trust store", () => {
  it("refuses an unknown chain, naming the issuer that is not trusted", async () => {
    useExtraCaFile(undefined);
    const outcome = await call();
    expect(outcome).toEqual({
      ok: false,
      reason: 'TLS failure (UNABLE_TO_GET_ISSUER_CERT_LOCALLY): certificado do servidor não confiável: emissor "AC Raiz Loopback Teste" não está na cadeia ICP-Brasil nem em AUTHORITY_EXTRA_CA_FILE',
    });
  });

  it("trusts the chain once AUTHORITY_EXTRA_CA_FILE holds its root", async () => {
    useExtraCaFile(bundle("root.pem", root.certificatePem));
    expect(await call()).toEqual({ ok: true, status: 200, text: "ok" });
  });

  it("an intermediate alone is not an anchor: the chain must still end at a trusted root", async () => {
    useExtraCaFile(bundle("intermediate-only.pem", intermediate.certificatePem));
    const outcome = await call();
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.reason).toContain('emissor "AC Raiz Loopback Teste" não está na cadeia ICP-Brasil');
  });

  it("names the server certificate that expired", async () => {
    useExtraCaFile(bundle("root-for-expired.pem", root.certificatePem));
    const expired = issueLoopbackServerCertificate(intermediate, "vencido.loopback.test", { notBefore: new Date("2025-01-01"), notAfter: new Date("2025-06-30T12:00:00Z") });
    const stale = https.createServer({ key: expired.key, cert: `${expired.cert}${intermediate.certificatePem}` }, (_request, response) => response.end("ok"));
    const port = await listenOnLoopback(stale);
    try {
      const outcome = await authorityHttpRequest({ url: `https://127.0.0.1:${port}/ws`, method: "GET", headers: {}, certificate: a1, timeoutMs: 15_000 });
      expect(outcome).toEqual({ ok: false, reason: 'TLS failure (CERT_HAS_EXPIRED): certificado "vencido.loopback.test" da cadeia do servidor venceu em 2025-06-30' });
    } finally {
      await closeServer(stale);
    }
  });

  it("an unreadable AUTHORITY_EXTRA_CA_FILE fails every call with its name, never a call without it", async () => {
    useExtraCaFile(path.join(work, "missing.pem"));
    expect(await call()).toEqual({ ok: false, reason: `AUTHORITY_EXTRA_CA_FILE=${path.join(work, "missing.pem")}: cannot read ${path.join(work, "missing.pem")} (ENOENT)` });
    useExtraCaFile(bundle("empty.pem", "nothing here"));
    expect(await call()).toMatchObject({ ok: false, reason: expect.stringContaining("holds no PEM certificate") });
  });

  it("the store loader given a test bundle as its ICP-Brasil roots trusts the chain; the shipped store does not", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "icp-store-"));
    writeFileSync(path.join(directory, "icp-brasil-roots.pem"), root.certificatePem);
    writeFileSync(path.join(directory, "icp-brasil-intermediates.pem"), "");
    const testStore = loadTrustStore({ directory });
    const trusted = await probeTls(url, { certificate: a1, timeoutMs: 15_000, trustStore: testStore });
    expect(trusted).toMatchObject({ ok: true, session: { protocol: expect.stringMatching(/^TLSv1\.[23]$/) } });
    expect(trusted.session!.chain.map((c) => c.subject)).toEqual(["sefaz.loopback.test", "AC Loopback SSL Teste", "AC Raiz Loopback Teste"]);

    const shipped = await probeTls(url, { certificate: a1, timeoutMs: 15_000, trustStore: loadTrustStore() });
    expect(shipped).toMatchObject({ ok: false, reason: expect.stringContaining('emissor "AC Raiz Loopback Teste" não está na cadeia ICP-Brasil') });
  });
});
