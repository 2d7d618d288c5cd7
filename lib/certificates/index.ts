// Public surface of A1 certificates: test generation, parsing, installation and signing credentials.
export { createTestCertificate, type CreateTestCertificateInput, type Pkcs12Encryption } from "./create-test-certificate";
export { parsePkcs12, type ParsedCertificate } from "./parse-pkcs12";
export { installCertificate, type InstallCertificateInput, type InstalledCertificate, type CertificateWarning } from "./install-certificate";
export { getActiveCertificate, toCertificateSummary, certificateDaysLeft, EXPIRY_WARNING_DAYS, type CertificateSummary } from "./certificate-summary";
export { loadSigningCredentials, credentialsOf, clearSigningCredentialsCache, type SigningCredentials } from "./signing-credentials";
export { claimCnpjReservation, cnpjReserved, lockCnpjPair, refreshCnpjReservation } from "./cnpj-reservation";
export { installTestCertificate, writeTestCertificate } from "./install-test-certificate";
