import { generateKeyPairSync, randomBytes } from "node:crypto";
import forge from "node-forge";

// A small PKI for tests: a root, intermediates under it, and server
// certificates for 127.0.0.1, so trust rules are exercised against chains
// that no real store trusts (loopback servers, ICP-Brasil look-alikes).

export type TestCa = { commonName: string; certificatePem: string; privateKeyPem: string };

const DAY_MS = 86_400_000;

function keyPair(): { privateKeyPem: string; publicKey: forge.pki.PublicKey; privateKey: forge.pki.PrivateKey } {
  const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privateKeyPem = pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString();
  return {
    privateKeyPem,
    privateKey: forge.pki.privateKeyFromPem(privateKeyPem),
    publicKey: forge.pki.publicKeyFromPem(pair.publicKey.export({ type: "spki", format: "pem" }).toString()),
  };
}

function signedCertificate(input: {
  subject: string;
  organization?: string;
  issuer?: TestCa;
  ca: boolean;
  extensions?: object[];
  publicKey: forge.pki.PublicKey;
  selfKey: forge.pki.PrivateKey;
  notBefore?: Date;
  notAfter?: Date;
}): string {
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = input.publicKey;
  certificate.serialNumber = `01${randomBytes(15).toString("hex")}`;
  certificate.validity.notBefore = input.notBefore ?? new Date(Date.now() - DAY_MS);
  certificate.validity.notAfter = input.notAfter ?? new Date(Date.now() + 30 * DAY_MS);
  certificate.setSubject([{ shortName: "O", value: input.organization ?? "Teste" }, { name: "commonName", value: input.subject }]);
  certificate.setIssuer(input.issuer ? forge.pki.certificateFromPem(input.issuer.certificatePem).subject.attributes : certificate.subject.attributes);
  certificate.setExtensions([
    { name: "basicConstraints", cA: input.ca, critical: true },
    input.ca ? { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true } : { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
    ...(input.extensions ?? []),
  ]);
  const signer = input.issuer ? forge.pki.privateKeyFromPem(input.issuer.privateKeyPem) : input.selfKey;
  certificate.sign(signer as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return forge.pki.certificateToPem(certificate);
}

/** A root CA (no issuer) or an intermediate CA under `issuer`; organization "Teste" unless told (ITI's roots say "ICP-Brasil"). */
export function createTestCa(commonName: string, issuer?: TestCa, options: { organization?: string } = {}): TestCa {
  const keys = keyPair();
  const certificatePem = signedCertificate({ subject: commonName, organization: options.organization, issuer, ca: true, publicKey: keys.publicKey, selfKey: keys.privateKey });
  return { commonName, certificatePem, privateKeyPem: keys.privateKeyPem };
}

/** A TLS server certificate for 127.0.0.1 issued by `issuer` (valid 30 days unless told). */
export function issueLoopbackServerCertificate(issuer: TestCa, commonName = "sefaz.loopback.test", validity: { notBefore?: Date; notAfter?: Date } = {}): { key: string; cert: string } {
  const keys = keyPair();
  const cert = signedCertificate({
    ...validity,
    subject: commonName,
    issuer,
    ca: false,
    publicKey: keys.publicKey,
    selfKey: keys.privateKey,
    extensions: [
      { name: "extKeyUsage", serverAuth: true },
      { name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] },
    ],
  });
  return { key: keys.privateKeyPem, cert };
}
