import { generateKeyPairSync, randomBytes } from "node:crypto";
import forge from "node-forge";
import { normalizeDocument } from "@/lib/br";
import { OID_PJ_CEI, OID_PJ_CNPJ, OID_PJ_RESPONSIBLE_DATA, OID_PJ_RESPONSIBLE_NAME, otherNameAsn1 } from "./icp-brasil";
import { encryptCertificateSafeWithRc2 } from "./legacy-pkcs12";

export type Pkcs12Encryption = "aes256" | "3des" | "rc2-40";

export type CreateTestCertificateInput = {
  cnpj: string;
  legalName: string;
  notBefore?: Date;
  notAfter?: Date;
  /**
   * aes256: modern (PBES2). 3des: legacy key bag, certificates in clear (node-forge's
   * legacy form). rc2-40: OpenSSL's historical default (certificates under RC2-40,
   * key under 3DES), still common among ICP-Brasil A1 files.
   */
  encryption?: Pkcs12Encryption;
  password?: string;
  /** false leaves the ICP-Brasil otherNames out (older or non-conforming files: the CNPJ is then read from the CN). */
  icpBrasilOtherNames?: boolean;
  /** Signed by this CA instead of self-signed; its certificate goes into the file as the chain. */
  issuer?: { certificatePem: string; privateKeyPem: string };
  /** RSA modulus length (default 2048, as ICP-Brasil A1 keys). */
  keyBits?: number;
  /** A key of its own instead of the process's shared test key (see testKeyPair). */
  freshKey?: boolean;
};

const DAY_MS = 86_400_000;

type PemKeyPair = { privateKey: string; publicKey: string };
const sharedTestKeys = new Map<number, PemKeyPair>();

function generatePemKeyPair(bits: number): PemKeyPair {
  const pair = generateKeyPairSync("rsa", { modulusLength: bits });
  return { privateKey: pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString(), publicKey: pair.publicKey.export({ type: "spki", format: "pem" }).toString() };
}

/**
 * The key of a test certificate. A test certificate carries no trust (SEFAZ refuses it in
 * PRODUCTION), so one key per process and size serves every certificate the process makes; a fresh
 * 2048-bit key cost about 260 ms of CPU, more than half of making the certificate, and the test
 * suite makes hundreds (issue 53). The certificates still differ: serial, subject, validity.
 */
function testKeyPair(bits: number, fresh: boolean): PemKeyPair {
  if (fresh) return generatePemKeyPair(bits);
  let pair = sharedTestKeys.get(bits);
  if (!pair) sharedTestKeys.set(bits, (pair = generatePemKeyPair(bits)));
  return pair;
}

/**
 * A self-signed RSA-2048 A1 certificate shaped like an ICP-Brasil e-CNPJ: CN
 * "LEGAL NAME:CNPJ" and the CNPJ in the otherName 2.16.76.1.3.3. For
 * HOMOLOGATION and tests only; the SEFAZ rejects it in PRODUCTION.
 */
export function createTestCertificate(input: CreateTestCertificateInput): { pfx: Buffer; password: string } {
  if (!input.issuer) return createPfx(input);
  const issuer = { certificate: forge.pki.certificateFromPem(input.issuer.certificatePem), privateKey: forge.pki.privateKeyFromPem(input.issuer.privateKeyPem) as forge.pki.rsa.PrivateKey };
  return createPfx(input, issuer, [issuer.certificate]);
}

type TestIssuer = { certificate: forge.pki.Certificate; privateKey: forge.pki.rsa.PrivateKey };

function createPfx(input: CreateTestCertificateInput, issuer?: TestIssuer, chain: forge.pki.Certificate[] = []): { pfx: Buffer; password: string } {
  const cnpj = normalizeDocument(input.cnpj);
  const legalName = input.legalName.trim().toUpperCase();
  const notBefore = input.notBefore ?? new Date(Date.now() - DAY_MS);
  const notAfter = input.notAfter ?? new Date(notBefore.getTime() + 365 * DAY_MS);
  const password = input.password ?? randomBytes(12).toString("base64url");

  // Key generation in pure JS (forge) takes seconds; node's native RSA is milliseconds.
  const pair = testKeyPair(input.keyBits ?? 2048, input.freshKey === true);
  const privateKey = forge.pki.privateKeyFromPem(pair.privateKey);
  const publicKey = forge.pki.publicKeyFromPem(pair.publicKey);

  const certificate = forge.pki.createCertificate();
  certificate.publicKey = publicKey;
  // Positive serial: a leading byte below 0x80.
  certificate.serialNumber = `01${randomBytes(15).toString("hex")}`;
  certificate.validity.notBefore = notBefore;
  certificate.validity.notAfter = notAfter;
  const subject = [
    { shortName: "C", value: "BR" },
    { shortName: "O", value: "ICP-Brasil" },
    { shortName: "OU", value: "Certificado PJ A1 (TESTE)" },
    { name: "commonName", value: `${legalName}:${cnpj}` },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(issuer ? issuer.certificate.subject.attributes : subject);

  const subjectAltName = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SEQUENCE, true, [
    otherNameAsn1(OID_PJ_RESPONSIBLE_NAME, "RESPONSAVEL TESTE"),
    otherNameAsn1(OID_PJ_CNPJ, cnpj),
    // birth date (8) + CPF (11) + NIS (11) + RG (15) + issuer and UF (10), zeros when absent.
    otherNameAsn1(OID_PJ_RESPONSIBLE_DATA, "0".repeat(55)),
    otherNameAsn1(OID_PJ_CEI, "0".repeat(12)),
  ]);
  certificate.setExtensions([
    { name: "basicConstraints", cA: false, critical: true },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true, keyEncipherment: true, critical: true },
    { name: "extKeyUsage", clientAuth: true, emailProtection: true },
    ...(input.icpBrasilOtherNames === false ? [] : [{ name: "subjectAltName", value: subjectAltName }]),
    { name: "subjectKeyIdentifier" },
  ]);
  certificate.sign(issuer?.privateKey ?? privateKey, forge.md.sha256.create());

  const encryption = input.encryption ?? "aes256";
  const pfxAsn1 = forge.pkcs12.toPkcs12Asn1(privateKey, [certificate, ...chain], password, {
    algorithm: encryption === "aes256" ? "aes256" : "3des",
    friendlyName: `${legalName}:${cnpj}`,
    generateLocalKeyId: true,
  });
  let der: Buffer = Buffer.from(forge.asn1.toDer(pfxAsn1).getBytes(), "binary");
  if (encryption === "rc2-40") der = encryptCertificateSafeWithRc2(der, password);
  return { pfx: der, password };
}

/**
 * An A1 issued by a test intermediate CA under a test root, the PFX carrying
 * leaf, intermediate and root (as ICP-Brasil A1 files exported with their
 * chain do). For tests of the chain presented in mutual TLS.
 */
export function createTestCertificateWithChain(input: CreateTestCertificateInput): { pfx: Buffer; password: string; rootPem: string; intermediatePem: string } {
  const root = testCa("AC RAIZ TESTE");
  const intermediate = testCa("AC INTERMEDIARIA TESTE", root);
  const { pfx, password } = createPfx(input, intermediate, [intermediate.certificate, root.certificate]);
  return { pfx, password, rootPem: forge.pki.certificateToPem(root.certificate), intermediatePem: forge.pki.certificateToPem(intermediate.certificate) };
}

function testCa(commonName: string, issuer?: TestIssuer): TestIssuer {
  const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privateKey = forge.pki.privateKeyFromPem(pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: "spki", format: "pem" }).toString());
  certificate.serialNumber = `01${randomBytes(15).toString("hex")}`;
  certificate.validity.notBefore = new Date(Date.now() - DAY_MS);
  certificate.validity.notAfter = new Date(Date.now() + 365 * DAY_MS);
  const subject = [{ shortName: "C", value: "BR" }, { shortName: "O", value: "ICP-Brasil" }, { name: "commonName", value: commonName }];
  certificate.setSubject(subject);
  certificate.setIssuer(issuer ? issuer.certificate.subject.attributes : subject);
  certificate.setExtensions([
    { name: "basicConstraints", cA: true, critical: true },
    { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
    { name: "subjectKeyIdentifier" },
  ]);
  certificate.sign(issuer?.privateKey ?? privateKey, forge.md.sha256.create());
  return { certificate, privateKey };
}
