import { createSign, createVerify } from "node:crypto";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import forge from "node-forge";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { createTestCertificate } from "./create-test-certificate";
import { parsePkcs12 } from "./parse-pkcs12";

const CNPJ = "11222333000181";

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return `${error.status} ${error.code}`;
    throw error;
  }
  return undefined;
}

function keyMatchesCertificate(privateKeyPem: string, certificatePem: string): boolean {
  const signature = createSign("sha256").update("infNFe").sign(privateKeyPem);
  return createVerify("sha256").update("infNFe").verify(certificatePem, signature);
}

const openssl = spawnSync("openssl", ["version"]).status === 0;

describe("parsePkcs12", () => {
  const { pfx, password } = createTestCertificate({ cnpj: CNPJ, legalName: "Empresa Teste Ltda" });

  it("reads subject, issuer, serial, validity, the CNPJ of the ICP-Brasil otherName and a matching key", () => {
    const parsed = parsePkcs12(pfx, password);
    expect(parsed.subject).toContain("CN=EMPRESA TESTE LTDA:11222333000181");
    expect(parsed.issuer).toBe(parsed.subject);
    expect(parsed.serialNumber).toMatch(/^[0-9A-F]{32}$/);
    expect(parsed.holderCnpj).toBe(CNPJ);
    expect(parsed.holderName).toBe("EMPRESA TESTE LTDA");
    expect(parsed.notAfter.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    expect(parsed.notBefore.getTime()).toBeLessThan(Date.now());
    expect(parsed.privateKeyPem).toMatch(/BEGIN RSA PRIVATE KEY/);
    expect(keyMatchesCertificate(parsed.privateKeyPem, parsed.certificatePem)).toBe(true);
    // A self-signed file has no chain to present in mutual TLS.
    expect(parsed.chainPem).toBe("");
  });

  it("puts the CNPJ in subjectAltName otherName 2.16.76.1.3.3, not only in the CN", () => {
    const cert = forge.pki.certificateFromPem(parsePkcs12(pfx, password).certificatePem);
    const san = cert.getExtension("subjectAltName") as { altNames: { type: number; value: forge.asn1.Asn1[] }[] };
    const otherNames = san.altNames.filter((n) => n.type === 0);
    const cnpjName = otherNames.find((n) => forge.asn1.derToOid(n.value[0]!.value as string) === "2.16.76.1.3.3");
    expect(cnpjName).toBeDefined();
    expect(((cnpjName!.value[1]!.value as forge.asn1.Asn1[])[0]!.value as string)).toBe(CNPJ);
  });

  it("falls back to the CN suffix when the certificate has no ICP-Brasil otherName", () => {
    const plain = createTestCertificate({ cnpj: CNPJ, legalName: "Sem SAN", icpBrasilOtherNames: false });
    const parsed = parsePkcs12(plain.pfx, plain.password);
    expect(forge.pki.certificateFromPem(parsed.certificatePem).getExtension("subjectAltName")).toBeNull();
    expect(parsed.holderCnpj).toBe(CNPJ);
  });

  it("reports no CNPJ when neither the otherName nor the CN carries one", () => {
    const plain = createTestCertificate({ cnpj: "11222333000100", legalName: "Sem CNPJ", icpBrasilOtherNames: false });
    expect(parsePkcs12(plain.pfx, plain.password).holderCnpj).toBeNull();
  });

  it("refuses a wrong password with 422 certificate_password_invalid", () => {
    expect(codeOf(() => parsePkcs12(pfx, "not-the-password"))).toBe("422 certificate_password_invalid");
  });

  it("refuses a corrupt or truncated file with 422 certificate_invalid", () => {
    expect(codeOf(() => parsePkcs12(Buffer.from("this is not a pfx"), password))).toBe("422 certificate_invalid");
    expect(codeOf(() => parsePkcs12(pfx.subarray(0, pfx.length / 2), password))).toBe("422 certificate_invalid");
    expect(codeOf(() => parsePkcs12(Buffer.alloc(0), password))).toBe("422 certificate_invalid");
  });

  it("refuses a file without a private key with 422 certificate_invalid", () => {
    const cert = forge.pki.certificateFromPem(parsePkcs12(pfx, password).certificatePem);
    const onlyCert = Buffer.from(forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(null, [cert], "secret", { algorithm: "3des" })).getBytes(), "binary");
    expect(() => parsePkcs12(onlyCert, "secret")).toThrow(/no private key/);
    expect(codeOf(() => parsePkcs12(onlyCert, "secret"))).toBe("422 certificate_invalid");
  });

  it("parses an expired certificate (installation, not parsing, refuses it)", () => {
    const expired = createTestCertificate({ cnpj: CNPJ, legalName: "Old", notBefore: new Date("2020-01-01"), notAfter: new Date("2021-01-01") });
    expect(parsePkcs12(expired.pfx, expired.password).notAfter.toISOString()).toBe("2021-01-01T00:00:00.000Z");
  });

  it.each(["3des", "rc2-40"] as const)("loads a legacy PKCS#12 written by node-forge (%s)", (encryption) => {
    const legacy = createTestCertificate({ cnpj: CNPJ, legalName: "Legacy", encryption });
    const parsed = parsePkcs12(legacy.pfx, legacy.password);
    expect(parsed.holderCnpj).toBe(CNPJ);
    expect(keyMatchesCertificate(parsed.privateKeyPem, parsed.certificatePem)).toBe(true);
  });

  it("writes rc2-40 files that carry the certificates under pbeWithSHAAnd40BitRC2-CBC", () => {
    const legacy = createTestCertificate({ cnpj: CNPJ, legalName: "Legacy", encryption: "rc2-40" });
    // OID 1.2.840.113549.1.12.1.6 in DER.
    expect(legacy.pfx.includes(Buffer.from("2a864886f70d010c0106", "hex"))).toBe(true);
  });

  describe.skipIf(!openssl)("files written by OpenSSL", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "pfx-"));
    const parsed = parsePkcs12(pfx, password);
    writeFileSync(path.join(dir, "key.pem"), parsed.privateKeyPem);
    writeFileSync(path.join(dir, "cert.pem"), parsed.certificatePem);

    const exportPfx = (name: string, extra: string[]) => {
      const out = path.join(dir, name);
      const result = spawnSync("openssl", ["pkcs12", "-export", ...extra, "-inkey", path.join(dir, "key.pem"), "-in", path.join(dir, "cert.pem"), "-out", out, "-passout", "pass:s3nha"]);
      if (result.status !== 0) throw new Error(result.stderr.toString());
      return readFileSync(out);
    };

    it.each([
      ["-legacy (RC2-40 certificates, 3DES key)", ["-legacy"]],
      ["3DES everywhere", ["-legacy", "-certpbe", "PBE-SHA1-3DES", "-keypbe", "PBE-SHA1-3DES"]],
      ["OpenSSL 3 default (AES-256, PBKDF2 SHA-256, SHA-256 MAC)", []],
    ])("loads %s", (_label, flags) => {
      const file = exportPfx(`${flags.join("") || "default"}.pfx`, flags);
      const loaded = parsePkcs12(file, "s3nha");
      expect(loaded.holderCnpj).toBe(CNPJ);
      expect(loaded.serialNumber).toBe(parsed.serialNumber);
      expect(codeOf(() => parsePkcs12(file, "wrong"))).toBe("422 certificate_password_invalid");
    });
  });
});
