import { generateKeyPairSync, randomBytes } from "node:crypto";
import forge from "node-forge";
import type { SigningCredentials } from "@/lib/fiscal/xml/xml-signature";

// Test-only A1 stand-in: an RSA-2048 key and a self-signed certificate whose
// CN follows the ICP-Brasil "NAME:CNPJ" form, so signature and CNPJ checks run
// for real. Cached per CNPJ because key generation costs ~100 ms.
const cache = new Map<string, SigningCredentials>();

export function testSigningCredentials(cnpj = "11222333000181"): SigningCredentials {
  const cached = cache.get(cnpj);
  if (cached) return cached;
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const publicKeyPem = publicKey.export({ type: "spki", format: "pem" }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  cert.serialNumber = "01" + randomBytes(8).toString("hex");
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const subject = [
    { name: "commonName", value: `EMPRESA TESTE LTDA:${cnpj}` },
    { name: "countryName", value: "BR" },
    { name: "organizationName", value: "ICP-Brasil" },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  const credentials = { privateKeyPem, certificatePem: forge.pki.certificateToPem(cert) };
  cache.set(cnpj, credentials);
  return credentials;
}
