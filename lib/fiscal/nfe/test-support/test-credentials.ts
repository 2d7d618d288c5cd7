import { createTestCertificate, parsePkcs12 } from "@/lib/certificates";
import type { SigningCredentials } from "@/lib/fiscal/xml/xml-signature";

// Test signing credentials from the same path production uses: an
// ICP-Brasil-shaped A1 (PKCS#12) created and opened by lib/certificates.
// Cached per CNPJ because key generation and PBKDF cost ~100 ms.
const cache = new Map<string, SigningCredentials>();

export function testSigningCredentials(cnpj = "11222333000181"): SigningCredentials {
  const cached = cache.get(cnpj);
  if (cached) return cached;
  const { pfx, password } = createTestCertificate({ cnpj, legalName: "Empresa Teste Ltda" });
  const parsed = parsePkcs12(pfx, password);
  const credentials = { privateKeyPem: parsed.privateKeyPem, certificatePem: parsed.certificatePem };
  cache.set(cnpj, credentials);
  return credentials;
}
