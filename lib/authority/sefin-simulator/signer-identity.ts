import { X509Certificate } from "node:crypto";
import { certificateCnpj } from "../simulator/certificate-cnpj";

// Who signed a DPS: the CNPJ of the e-CNPJ (rule E0718) and the name emit/xNome
// takes (the simulator has no CNC). Every DPS of an issuer carries the same
// certificate, and reading it (node-forge, then X509Certificate) costs more than
// the rules: read once per certificate.

export type SignerIdentity = { cnpj: string | null; name: string };

const identities = new Map<string, SignerIdentity>();
const MAX_IDENTITIES = 1_000;

export function signerIdentity(certificatePem: string): SignerIdentity {
  const known = identities.get(certificatePem);
  if (known) return known;
  const identity = { cnpj: certificateCnpj(certificatePem), name: /CN=([^:,/]+)/.exec(certificateSubject(certificatePem))?.[1]?.trim() || "Prestador" };
  if (identities.size >= MAX_IDENTITIES) identities.delete(identities.keys().next().value!);
  identities.set(certificatePem, identity);
  return identity;
}

function certificateSubject(pem: string): string {
  try {
    // "CN=EMPRESA:CNPJ\nO=…" → one line.
    return new X509Certificate(pem).subject.replace(/\n/g, ",");
  } catch {
    return "";
  }
}
