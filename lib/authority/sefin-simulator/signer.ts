import { createTestCertificate, parsePkcs12 } from "@/lib/certificates";
import type { SigningCredentials } from "@/lib/fiscal/xml/xml-signature";

// The simulator signs the NFS-e and events it generates with a certificate of
// its own (a test A1 of a made-up Sefin CNPJ), made once per process.
const SEFIN_CNPJ = "00394460005887";
let credentials: SigningCredentials | null = null;

export function simulatorSigningCredentials(): SigningCredentials {
  if (!credentials) {
    const { pfx, password } = createTestCertificate({ cnpj: SEFIN_CNPJ, legalName: "Simulador Sefin Nacional", notAfter: new Date(Date.now() + 3650 * 86_400_000) });
    const parsed = parsePkcs12(pfx, password);
    credentials = { privateKeyPem: parsed.privateKeyPem, certificatePem: parsed.certificatePem };
  }
  return credentials;
}
