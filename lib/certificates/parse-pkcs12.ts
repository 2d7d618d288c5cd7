import forge from "node-forge";
import { isValidCnpj, normalizeDocument } from "@/lib/br";
import { DomainError } from "@/lib/errors";
import { OID_PJ_CNPJ, readOtherNames } from "./icp-brasil";

export type ParsedCertificate = {
  subject: string;
  issuer: string;
  /** Hexadecimal, as printed by OpenSSL. */
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  /** ICP-Brasil otherName 2.16.76.1.3.3, else the CN suffix ("NAME:CNPJ"); null when neither holds a CNPJ. */
  holderCnpj: string | null;
  /** CN without the ":CNPJ" suffix. */
  holderName: string;
  privateKeyPem: string;
  certificatePem: string;
  /** The intermediate CAs the file carries, from the leaf's issuer up (self-signed roots left out), PEM; "" when none. */
  chainPem: string;
};

const invalid = (message: string) => new DomainError(422, "certificate_invalid", message);
const wrongPassword = () =>
  new DomainError(422, "certificate_password_invalid", "The certificate password is wrong (the PKCS#12 file could not be opened with it)");

const OID_KEY_BAG = "1.2.840.113549.1.12.10.1.1";
const OID_SHROUDED_KEY_BAG = "1.2.840.113549.1.12.10.1.2";
const OID_CERT_BAG = "1.2.840.113549.1.12.10.1.3";

function formatName(attributes: forge.pki.CertificateField[]): string {
  return attributes.map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`).join(", ");
}

function commonName(certificate: forge.pki.Certificate): string {
  return String(certificate.subject.getField("CN")?.value ?? "");
}

function holderCnpjOf(certificate: forge.pki.Certificate): string | null {
  const san = certificate.extensions.find((e) => e.id === "2.5.29.17" || e.name === "subjectAltName") as
    | { value?: string }
    | undefined;
  if (san?.value) {
    try {
      const fromOtherName = readOtherNames(san.value).get(OID_PJ_CNPJ);
      if (fromOtherName) {
        const cnpj = normalizeDocument(fromOtherName);
        if (isValidCnpj(cnpj)) return cnpj;
      }
    } catch {
      // An unreadable SAN falls back to the CN, as the issue asks.
    }
  }
  const suffix = normalizeDocument(commonName(certificate).split(":").pop() ?? "");
  return isValidCnpj(suffix) ? suffix : null;
}

function openPkcs12(pfx: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  let der: forge.asn1.Asn1;
  try {
    der = forge.asn1.fromDer(forge.util.createBuffer(pfx.toString("binary")), { parseAllBytes: false } as never);
  } catch {
    throw invalid("The file is not a PKCS#12 (.pfx/.p12) certificate or is corrupt");
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(der, false, password);
  } catch (error) {
    const message = (error as Error).message ?? "";
    // With a MAC, forge says so; without one a wrong password yields garbage that fails to decode.
    if (/MAC could not be verified|Invalid password|Too few bytes|Unparsed DER|padding/i.test(message)) throw wrongPassword();
    throw invalid(`The PKCS#12 file could not be read: ${message}`);
  }
}

/** Opens an A1 certificate (PKCS#12) and returns what emission and the dashboard need. */
export function parsePkcs12(pfx: Buffer, password: string): ParsedCertificate {
  if (pfx.length === 0) throw invalid("The certificate file is empty");
  const p12 = openPkcs12(pfx, password);
  const keyBags = [
    ...(p12.getBags({ bagType: OID_SHROUDED_KEY_BAG })[OID_SHROUDED_KEY_BAG] ?? []),
    ...(p12.getBags({ bagType: OID_KEY_BAG })[OID_KEY_BAG] ?? []),
  ];
  const key = keyBags.map((bag) => bag.key).find((k): k is forge.pki.rsa.PrivateKey => Boolean(k));
  if (!key) throw invalid("The PKCS#12 file has no private key; export the certificate with its private key");

  const certificates = (p12.getBags({ bagType: OID_CERT_BAG })[OID_CERT_BAG] ?? [])
    .map((bag) => bag.cert)
    .filter((c): c is forge.pki.Certificate => Boolean(c));
  // The file may carry the chain; the signing certificate is the one matching the key.
  const certificate = certificates.find((c) => {
    const publicKey = c.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
  });
  if (!certificate) throw invalid("The PKCS#12 file has no certificate matching its private key");

  const cn = commonName(certificate);
  return {
    subject: formatName(certificate.subject.attributes),
    issuer: formatName(certificate.issuer.attributes),
    serialNumber: certificate.serialNumber.toUpperCase(),
    notBefore: certificate.validity.notBefore,
    notAfter: certificate.validity.notAfter,
    holderCnpj: holderCnpjOf(certificate),
    holderName: cn.includes(":") ? cn.slice(0, cn.lastIndexOf(":")) : cn,
    privateKeyPem: forge.pki.privateKeyToPem(key),
    certificatePem: forge.pki.certificateToPem(certificate),
    chainPem: issuerChain(certificate, certificates).map((c) => forge.pki.certificateToPem(c)).join(""),
  };
}

/**
 * The leaf's issuers found in the file, in order (as sped-common sends them
 * with the client certificate): TLS servers that trust only the ICP-Brasil
 * roots need the intermediates. A self-signed root is left out (the server
 * has its own copy); certificates not on the leaf's path are ignored.
 */
function issuerChain(leaf: forge.pki.Certificate, certificates: forge.pki.Certificate[]): forge.pki.Certificate[] {
  const chain: forge.pki.Certificate[] = [];
  let current = leaf;
  while (!isSelfSigned(current)) {
    const issuer = certificates.find((c) => c !== current && !chain.includes(c) && c !== leaf && safeIssued(c, current));
    if (!issuer || isSelfSigned(issuer)) break;
    chain.push(issuer);
    current = issuer;
  }
  return chain;
}

function isSelfSigned(certificate: forge.pki.Certificate): boolean {
  return sameName(certificate.subject, certificate.issuer);
}

/** Names compared by attribute type and value (forge's isIssuer compares hashes that depend on the string encoding). */
function sameName(a: forge.pki.Certificate["subject"], b: forge.pki.Certificate["issuer"]): boolean {
  const key = (name: forge.pki.Certificate["subject"]) => name.attributes.map((attribute) => `${attribute.type}=${String(attribute.value)}`).join("|");
  return key(a) === key(b);
}

function safeIssued(issuer: forge.pki.Certificate, subject: forge.pki.Certificate): boolean {
  try {
    return sameName(issuer.subject, subject.issuer) && issuer.verify(subject);
  } catch {
    return false;
  }
}
