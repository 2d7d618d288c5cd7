import forge from "node-forge";
import { isValidCnpj, normalizeDocument } from "@/lib/br";
import { DomainError } from "@/lib/errors";
import { OID_PJ_CNPJ, readOtherNames } from "./icp-brasil";
import { openPkcs12Bags, Pkcs12OpenError } from "./pkcs12-bags.mjs";
import { assertPkcs12IterationsBounded, readPkcs12IterationCounts } from "./pkcs12-iterations";
import { openPkcs12InWorker, type Pkcs12Bags } from "./pkcs12-worker-run";

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
  /** The file's other certificates (usually its chain), PEM. */
  otherCertificatePems: string[];
  /** The RSA key's modulus length. */
  keyBits: number;
};

/**
 * ICP-Brasil A1 keys are RSA 2048 (DOC-ICP-01.01, algorithms of the ICP-Brasil standards; 4096
 * for CAs). A larger key costs every signature dearly (16,384 bits: 0.27 s each, issue 49
 * finding 7), one tenant's slowing every emission on the machine: refused at upload.
 */
export const MAX_RSA_KEY_BITS = 4096;

const invalid = (message: string) => new DomainError(422, "certificate_invalid", message);
const wrongPassword = () =>
  new DomainError(422, "certificate_password_invalid", "The certificate password is wrong (the PKCS#12 file could not be opened with it)");


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

function openingFailure(stage: "structure" | "open", message: string): DomainError {
  if (stage === "structure") return invalid("The file is not a PKCS#12 (.pfx/.p12) certificate or is corrupt");
  // With a MAC, forge says so; without one a wrong password yields garbage that fails to decode.
  if (/MAC could not be verified|Invalid password|Too few bytes|Unparsed DER|padding/i.test(message)) return wrongPassword();
  return invalid(`The PKCS#12 file could not be read: ${message}`);
}

function openBags(pfx: Buffer, password: string): Pkcs12Bags {
  try {
    return openPkcs12Bags(pfx, password);
  } catch (error) {
    if (error instanceof Pkcs12OpenError) throw openingFailure(error.stage, error.message);
    throw error;
  }
}

/** Opens an A1 certificate (PKCS#12) on this thread: for files already accepted once (stored certificates, tests). */
export function parsePkcs12(pfx: Buffer, password: string): ParsedCertificate {
  if (pfx.length === 0) throw invalid("The certificate file is empty");
  assertPkcs12IterationsBounded(pfx);
  return describeA1(openBags(pfx, password));
}

export const PKCS12_PARSE_TIME_LIMIT_MS = 5_000;

/**
 * Opens an uploaded A1 in a worker thread, so the event loop (every tenant's
 * requests, /health) never waits for its key derivations; a parse past the time
 * limit is stopped. The iteration bound is checked first, on this thread.
 */
export async function parsePkcs12OffThread(pfx: Buffer, password: string, options: { timeoutMs?: number; iterationBound?: number; owner?: string } = {}): Promise<ParsedCertificate> {
  if (pfx.length === 0) throw invalid("The certificate file is empty");
  assertPkcs12IterationsBounded(pfx, options.iterationBound);
  const timeoutMs = options.timeoutMs ?? PKCS12_PARSE_TIME_LIMIT_MS;
  const answer = await openPkcs12InWorker(pfx, password, timeoutMs, options.owner);
  if (answer.ok) {
    const parsed = describeA1(answer.bags);
    if (parsed.keyBits > MAX_RSA_KEY_BITS) {
      throw invalid(`The certificate's RSA key has ${parsed.keyBits} bits; at most ${MAX_RSA_KEY_BITS} are accepted (ICP-Brasil A1 keys are 2048 bits)`);
    }
    return parsed;
  }
  if (answer.stage === "time_limit") {
    throw invalid(`Opening the PKCS#12 file took longer than ${timeoutMs / 1000} s and was stopped; export the certificate again with default settings`);
  }
  if (answer.stage === "crash") throw invalid(`The PKCS#12 file could not be read (${answer.message})`);
  throw openingFailure(answer.stage, answer.message);
}

/** Up to this many iterations (what real A1 files use) a stored file opens on the caller's thread in tens of milliseconds. */
const ON_THREAD_ITERATIONS = 10_000;

/** Stored files passed the bound at upload: the limit only guards against a machine that stalls, not a hostile file. */
const STORED_PARSE_TIME_LIMIT_MS = 60_000;

/** A stored certificate (bounded at upload): on this thread when it is as cheap as real A1 files are, else in a worker. */
export async function parseStoredPkcs12(pfx: Buffer, password: string): Promise<ParsedCertificate> {
  const highest = Math.max(0, ...readPkcs12IterationCounts(pfx));
  if (highest <= ON_THREAD_ITERATIONS) return parsePkcs12(pfx, password);
  return parsePkcs12OffThread(pfx, password, { timeoutMs: STORED_PARSE_TIME_LIMIT_MS });
}

function describeA1(bags: Pkcs12Bags): ParsedCertificate {
  const key = bags.privateKeyPems.map((pem) => forge.pki.privateKeyFromPem(pem)).find(Boolean);
  if (!key) throw invalid("The PKCS#12 file has no private key; export the certificate with its private key");

  const certificates = bags.certificatePems.map((pem) => forge.pki.certificateFromPem(pem));
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
    otherCertificatePems: certificates.filter((c) => c !== certificate).map((c) => forge.pki.certificateToPem(c)),
    keyBits: key.n.bitLength(),
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
