import forge from "node-forge";
import { isValidCnpj, normalizeDocument } from "@/lib/br";
import { OID_PJ_CNPJ, readOtherNames } from "@/lib/certificates/icp-brasil";

/**
 * The CNPJ of an ICP-Brasil e-CNPJ: the subjectAltName otherName
 * 2.16.76.1.3.3, else the "NAME:CNPJ" suffix of the CN. Null when neither holds one.
 */
export function certificateCnpj(certificatePem: string): string | null {
  let certificate: forge.pki.Certificate;
  try {
    certificate = forge.pki.certificateFromPem(certificatePem);
  } catch {
    return null;
  }
  const san = certificate.extensions.find((e) => e.id === "2.5.29.17" || e.name === "subjectAltName") as { value?: string } | undefined;
  if (san?.value) {
    try {
      const value = readOtherNames(san.value).get(OID_PJ_CNPJ);
      if (value && isValidCnpj(normalizeDocument(value))) return normalizeDocument(value);
    } catch {
      // Fall back to the CN.
    }
  }
  const suffix = normalizeDocument(String(certificate.subject.getField("CN")?.value ?? "").split(":").pop() ?? "");
  return isValidCnpj(suffix) ? suffix : null;
}

/** Emitter and certificate must share the CNPJ root (first 8 characters), MOC rule 213. */
export function sameCnpjRoot(a: string, b: string): boolean {
  return a.slice(0, 8) === b.slice(0, 8);
}

export type SignerProblem = { cStat: "291" | "292" | "213"; reason: string };

/**
 * The signing certificate against the author (MOC 4.0, rules 291, 292 and
 * 213): valid at the time of receipt, an e-CNPJ, and of the author's CNPJ root.
 * The ICP-Brasil chain is not checked: test certificates are self-signed.
 */
export function checkSigner(certificatePem: string, authorCnpj: string, at: Date): SignerProblem | null {
  const certificate = describe(certificatePem);
  if (!certificate) return { cStat: "292", reason: "Rejeição: Certificado Assinatura sem CNPJ" };
  if (at < certificate.notBefore || at > certificate.notAfter) {
    return { cStat: "291", reason: "Rejeição: Certificado Assinatura Data Validade" };
  }
  if (!certificate.holder) return { cStat: "292", reason: "Rejeição: Certificado Assinatura sem CNPJ" };
  if (!sameCnpjRoot(certificate.holder, authorCnpj)) return { cStat: "213", reason: "Rejeição: CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital" };
  return null;
}

/** The certificate's CNPJ, parsed once per certificate (both simulators check it on every request). */
export function certificateHolder(certificatePem: string): string | null {
  return describe(certificatePem)?.holder ?? null;
}

// Every NF-e of an issuer carries the same certificate: parse it (node-forge, a few ms) once.
type Described = { notBefore: Date; notAfter: Date; holder: string | null };
const described = new Map<string, Described | null>();
const MAX_DESCRIBED = 1_000;

function describe(certificatePem: string): Described | null {
  if (described.has(certificatePem)) return described.get(certificatePem)!;
  let value: Described | null;
  try {
    const certificate = forge.pki.certificateFromPem(certificatePem);
    value = { notBefore: certificate.validity.notBefore, notAfter: certificate.validity.notAfter, holder: certificateCnpj(certificatePem) };
  } catch {
    value = null;
  }
  if (described.size >= MAX_DESCRIBED) described.delete(described.keys().next().value!);
  described.set(certificatePem, value);
  return value;
}
