import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { useExtraCaFile, writeCaBundle } from "@/lib/authority/test-support/extra-ca-file";
import { loadTrustStore, OPERATOR_CA_VARIABLE } from "@/lib/authority/trust-store";
import { DomainError } from "@/lib/errors";
import { createTestCompany, db } from "@/test/factories";
import { createTestCertificate } from "./create-test-certificate";
import { installCertificate } from "./install-certificate";
import { createTestCa } from "./test-support/test-ca";

// A PRODUCTION company's A1 must chain to an ICP-Brasil root of the trust
// store (the shipped files and the operator's AUTHORITY_EXTRA_CA_FILE, issue 48
// item 8); HOMOLOGATION accepts test certificates with a warning. The "ICP-Brasil"
// here is a test root given to the store loader as its roots file, or a root
// named like ITI's (O=ICP-Brasil) in the operator's file.

const root = createTestCa("AC Raiz Teste v99");
const intermediate = createTestCa("AC Teste RFB v5", root);
const directory = mkdtempSync(path.join(tmpdir(), "icp-test-store-"));
writeFileSync(path.join(directory, "icp-brasil-roots.pem"), root.certificatePem);
writeFileSync(path.join(directory, "icp-brasil-intermediates.pem"), "");
const testStore = loadTrustStore({ directory });

const operatorBundle = (name: string, ...pems: string[]) => writeCaBundle(directory, name, ...pems);
afterEach(() => useExtraCaFile(undefined));

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe("installCertificate: the ICP-Brasil rule", () => {
  it("refuses in PRODUCTION, with 422 naming the issuer, a self-signed A1 (the shipped store)", async () => {
    const company = await createTestCompany({ environment: "PRODUCTION" });
    const file = createTestCertificate({ cnpj: company.cnpj, legalName: "Loja Produção" });
    const error = await refusal(installCertificate({ companyId: company.companyId, ...file }));
    expect(error).toMatchObject({ status: 422, code: "certificate_invalid" });
    expect(error.message).toMatch(/its issuer "LOJA PRODUÇÃO:\w+" is not in the trust store/);
    expect(error.message).toContain("A PRODUCTION company needs an e-CNPJ A1 issued under ICP-Brasil");
    expect(error.message).not.toContain("not an ICP-Brasil CA");
    expect(await db.certificate.count({ where: { companyId: company.companyId } })).toBe(0);
  });

  it("accepts in PRODUCTION an A1 whose chain (carried in the file) reaches a root of the store", async () => {
    const company = await createTestCompany({ environment: "PRODUCTION" });
    const file = createTestCertificate({ cnpj: company.cnpj, legalName: "Loja Cadeia", issuer: intermediate });
    const installed = await installCertificate({ companyId: company.companyId, ...file, trustStore: testStore });
    expect(installed).toMatchObject({ holderCnpj: company.cnpj, warnings: [] });
  });

  it("finds a missing intermediate in the store, and refuses when neither the file nor the store has it", async () => {
    const company = await createTestCompany({ environment: "PRODUCTION" });
    const leafOnly = createTestCa("AC Folha", intermediate); // a CA below the intermediate, so the file carries only it
    const file = createTestCertificate({ cnpj: company.cnpj, legalName: "Loja Sem Cadeia", issuer: leafOnly });
    const refused = await refusal(installCertificate({ companyId: company.companyId, ...file, trustStore: testStore }));
    expect(refused.message).toContain('its issuer "AC Teste RFB v5" is not in the trust store (chain: LOJA SEM CADEIA:');
    expect(refused.message).toContain('if "AC Teste RFB v5" is an ICP-Brasil CA, the operator adds its certificate (ITI repository) to AUTHORITY_EXTRA_CA_FILE');

    writeFileSync(path.join(directory, "icp-brasil-intermediates.pem"), intermediate.certificatePem);
    const withIntermediate = loadTrustStore({ directory });
    await expect(installCertificate({ companyId: company.companyId, ...file, trustStore: withIntermediate })).resolves.toMatchObject({ warnings: [] });
    writeFileSync(path.join(directory, "icp-brasil-intermediates.pem"), "");
  });

  it("accepts in PRODUCTION a chain whose missing CA is in AUTHORITY_EXTRA_CA_FILE, and only in that file", async () => {
    const company = await createTestCompany({ environment: "PRODUCTION" });
    const newCa = createTestCa("AC Nova RFB v5", intermediate); // an ITI CA created after the shipped files
    const file = createTestCertificate({ cnpj: company.cnpj, legalName: "Loja AC Nova", issuer: createTestCa("AC Nova Final", newCa) });
    const bundle = operatorBundle("new-ca.pem", newCa.certificatePem);
    const intermediateDirectory = mkdtempSync(path.join(tmpdir(), "icp-test-store-"));
    const withIntermediate = (variable: string) => loadTrustStore({ directory: intermediateDirectory, extraFiles: [{ variable, file: bundle }] });
    writeFileSync(path.join(intermediateDirectory, "icp-brasil-roots.pem"), root.certificatePem);
    writeFileSync(path.join(intermediateDirectory, "icp-brasil-intermediates.pem"), intermediate.certificatePem);

    const refused = await refusal(installCertificate({ companyId: company.companyId, ...file, trustStore: withIntermediate("NODE_EXTRA_CA_CERTS") }));
    expect(refused.message).toContain('its issuer "AC Nova RFB v5" is not in the trust store');
    const installed = await installCertificate({ companyId: company.companyId, ...file, trustStore: withIntermediate(OPERATOR_CA_VARIABLE) });
    expect(installed).toMatchObject({ holderCnpj: company.cnpj, warnings: [] });
  });

  it("takes an ICP-Brasil root from AUTHORITY_EXTRA_CA_FILE as an anchor, never another root there", async () => {
    const company = await createTestCompany({ environment: "PRODUCTION" });
    const newRoot = createTestCa("Autoridade Certificadora Raiz Brasileira v99", undefined, { organization: "ICP-Brasil" });
    const underNewRoot = createTestCertificate({ cnpj: company.cnpj, legalName: "Loja Raiz Nova", issuer: createTestCa("AC Raiz Nova RFB", newRoot) });
    const publicRoot = createTestCa("Public TLS Root G9"); // added for a host's TLS, no ICP-Brasil anchor
    const underPublicRoot = createTestCertificate({ cnpj: company.cnpj, legalName: "Loja Raiz Publica", issuer: createTestCa("Public Issuing CA", publicRoot) });

    useExtraCaFile(operatorBundle("operator.pem", newRoot.certificatePem, publicRoot.certificatePem));
    await expect(installCertificate({ companyId: company.companyId, ...underNewRoot })).resolves.toMatchObject({ warnings: [] });
    const refused = await refusal(installCertificate({ companyId: company.companyId, ...underPublicRoot }));
    expect(refused).toMatchObject({ status: 422, code: "certificate_invalid" });
    expect(refused.message).toContain('its issuer "Public TLS Root G9" is not in the trust store');

    useExtraCaFile(undefined);
    const withoutFile = await refusal(installCertificate({ companyId: company.companyId, ...underNewRoot }));
    expect(withoutFile.message).toContain('its issuer "Autoridade Certificadora Raiz Brasileira v99" is not in the trust store');
  });

  it("accepts in HOMOLOGATION a test certificate, with a warning", async () => {
    const company = await createTestCompany({ environment: "HOMOLOGATION" });
    const file = createTestCertificate({ cnpj: company.cnpj, legalName: "Loja Homologação" });
    const installed = await installCertificate({ companyId: company.companyId, ...file });
    expect(installed.warnings).toEqual([{ code: "certificate_not_icp_brasil", message: expect.stringContaining("Accepted for HOMOLOGATION only") }]);
    expect(await db.certificate.count({ where: { companyId: company.companyId, isActive: true } })).toBe(1);
  });
});
