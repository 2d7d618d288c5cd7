import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadTrustStore } from "@/lib/authority/trust-store";
import { DomainError } from "@/lib/errors";
import { createTestCompany, db } from "@/test/factories";
import { createTestCertificate } from "./create-test-certificate";
import { installCertificate } from "./install-certificate";
import { createTestCa } from "./test-support/test-ca";

// A PRODUCTION company's A1 must chain to an ICP-Brasil root of the trust
// store; HOMOLOGATION accepts test certificates with a warning. The "ICP-Brasil"
// here is a test root given to the store loader as its roots file.

const root = createTestCa("AC Raiz Teste v99");
const intermediate = createTestCa("AC Teste RFB v5", root);
const directory = mkdtempSync(path.join(tmpdir(), "icp-test-store-"));
writeFileSync(path.join(directory, "icp-brasil-roots.pem"), root.certificatePem);
writeFileSync(path.join(directory, "icp-brasil-intermediates.pem"), "");
const testStore = loadTrustStore({ directory });

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
    expect(error.message).toContain('its issuer "LOJA PRODUÇÃO:');
    expect(error.message).toContain("A PRODUCTION company needs an e-CNPJ A1 issued under ICP-Brasil");
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
    expect(refused.message).toContain('its issuer "AC Teste RFB v5" is not an ICP-Brasil CA');

    writeFileSync(path.join(directory, "icp-brasil-intermediates.pem"), intermediate.certificatePem);
    const withIntermediate = loadTrustStore({ directory });
    await expect(installCertificate({ companyId: company.companyId, ...file, trustStore: withIntermediate })).resolves.toMatchObject({ warnings: [] });
    writeFileSync(path.join(directory, "icp-brasil-intermediates.pem"), "");
  });

  it("accepts in HOMOLOGATION a test certificate, with a warning", async () => {
    const company = await createTestCompany({ environment: "HOMOLOGATION" });
    const file = createTestCertificate({ cnpj: company.cnpj, legalName: "Loja Homologação" });
    const installed = await installCertificate({ companyId: company.companyId, ...file });
    expect(installed.warnings).toEqual([{ code: "certificate_not_icp_brasil", message: expect.stringContaining("Accepted for HOMOLOGATION only") }]);
    expect(await db.certificate.count({ where: { companyId: company.companyId, isActive: true } })).toBe(1);
  });
});
