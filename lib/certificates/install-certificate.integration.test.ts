import { describe, expect, it } from "vitest";
import { completeCnpj } from "@/lib/br";
import { certificateEncryptionKey, decrypt } from "@/lib/crypto";
import { DomainError } from "@/lib/errors";
import { createTestCompany, db } from "@/test/factories";
import { createTestCertificate } from "./create-test-certificate";
import { getActiveCertificate } from "./certificate-summary";
import { installCertificate } from "./install-certificate";
import { clearSigningCredentialsCache, loadSigningCredentials } from "./signing-credentials";

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return `${error.status} ${error.code}`;
    throw error;
  }
  return undefined;
}

describe("installCertificate", () => {
  it("stores the PFX and password encrypted: the ciphertext holds neither the key bytes nor the PFX bytes", async () => {
    const company = await createTestCompany();
    const { pfx, password } = createTestCertificate({ cnpj: company.cnpj, legalName: "Loja Teste" });
    const summary = await installCertificate({ companyId: company.companyId, pfx, password });
    expect(summary).toMatchObject({ holderCnpj: company.cnpj, holderName: "LOJA TESTE", expired: false, expiresSoon: false });
    expect(JSON.stringify(summary)).not.toContain(password);

    const row = await db.certificate.findFirstOrThrow({ where: { companyId: company.companyId } });
    const stored = Buffer.from(row.encryptedPfx);
    const key = certificateEncryptionKey();
    expect(stored.includes(key)).toBe(false);
    expect(stored.includes(pfx.subarray(0, 64))).toBe(false);
    expect(stored.includes(pfx.subarray(pfx.length - 64))).toBe(false);
    expect(Buffer.from(row.encryptedPassword).includes(Buffer.from(password))).toBe(false);
    expect(decrypt(row.encryptedPfx).equals(pfx)).toBe(true);
    expect(decrypt(row.encryptedPassword).toString()).toBe(password);
  });

  it("accepts a branch's certificate (same CNPJ root) and refuses another root with 422 certificate_cnpj_mismatch, storing nothing", async () => {
    const company = await createTestCompany();
    const branch = completeCnpj(`${company.cnpj.slice(0, 8)}0002`);
    const sameRoot = createTestCertificate({ cnpj: branch, legalName: "Filial" });
    await expect(installCertificate({ companyId: company.companyId, ...sameRoot })).resolves.toMatchObject({ holderCnpj: branch });

    const other = await createTestCompany();
    const foreign = createTestCertificate({ cnpj: company.cnpj, legalName: "Outra" });
    expect(await codeOf(installCertificate({ companyId: other.companyId, ...foreign }))).toBe("422 certificate_cnpj_mismatch");
    expect(await db.certificate.count({ where: { companyId: other.companyId } })).toBe(0);
  });

  it("refuses an expired certificate and a wrong password with nothing stored", async () => {
    const company = await createTestCompany();
    const expired = createTestCertificate({ cnpj: company.cnpj, legalName: "Old", notBefore: new Date("2020-01-01"), notAfter: new Date("2021-01-01") });
    expect(await codeOf(installCertificate({ companyId: company.companyId, ...expired }))).toBe("422 certificate_expired");
    const valid = createTestCertificate({ cnpj: company.cnpj, legalName: "New" });
    expect(await codeOf(installCertificate({ companyId: company.companyId, pfx: valid.pfx, password: "wrong" }))).toBe("422 certificate_password_invalid");
    expect(await db.certificate.count({ where: { companyId: company.companyId } })).toBe(0);
  });

  it("refuses a certificate that carries no CNPJ with 422 certificate_invalid", async () => {
    const company = await createTestCompany();
    const noCnpj = createTestCertificate({ cnpj: "11222333000100", legalName: "Pessoa", icpBrasilOtherNames: false });
    expect(await codeOf(installCertificate({ companyId: company.companyId, ...noCnpj }))).toBe("422 certificate_invalid");
    expect(await db.certificate.count({ where: { companyId: company.companyId } })).toBe(0);
  });

  it("replaces the previous certificate, which stays stored but inactive", async () => {
    const company = await createTestCompany();
    const first = await installCertificate({ companyId: company.companyId, ...createTestCertificate({ cnpj: company.cnpj, legalName: "A" }) });
    const second = await installCertificate({ companyId: company.companyId, ...createTestCertificate({ cnpj: company.cnpj, legalName: "B" }) });
    const rows = await db.certificate.findMany({ where: { companyId: company.companyId }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.id, r.isActive, r.replacedAt !== null])).toEqual([
      [first.id, false, true],
      [second.id, true, false],
    ]);
    expect((await getActiveCertificate(company.companyId))?.id).toBe(second.id);
  });

  it("leaves exactly one active certificate when several are installed at once", async () => {
    const company = await createTestCompany();
    const files = Array.from({ length: 4 }, (_, i) => createTestCertificate({ cnpj: company.cnpj, legalName: `P${i}` }));
    await Promise.all(files.map((file) => installCertificate({ companyId: company.companyId, ...file })));
    expect(await db.certificate.count({ where: { companyId: company.companyId, isActive: true } })).toBe(1);
    expect(await db.certificate.count({ where: { companyId: company.companyId } })).toBe(4);
  });

  it("flags certificates expiring within 30 days", async () => {
    const company = await createTestCompany();
    const soon = createTestCertificate({ cnpj: company.cnpj, legalName: "Soon", notAfter: new Date(Date.now() + 10 * 86_400_000) });
    const summary = await installCertificate({ companyId: company.companyId, ...soon });
    expect(summary.expiresSoon).toBe(true);
    expect(summary.daysLeft).toBeGreaterThanOrEqual(9);
    expect(summary.daysLeft).toBeLessThanOrEqual(10);
  });
});

describe("loadSigningCredentials", () => {
  it("answers 422 certificate_missing without a certificate and certificate_expired once it expired", async () => {
    const company = await createTestCompany();
    expect(await codeOf(loadSigningCredentials(company.companyId))).toBe("422 certificate_missing");
    const cert = createTestCertificate({ cnpj: company.cnpj, legalName: "Short", notAfter: new Date(Date.now() + 86_400_000) });
    await installCertificate({ companyId: company.companyId, ...cert });
    expect(await codeOf(loadSigningCredentials(company.companyId, db, new Date(Date.now() + 2 * 86_400_000)))).toBe("422 certificate_expired");
  });

  it("returns the key and certificate of the active certificate, cached, and follows a replacement", async () => {
    clearSigningCredentialsCache();
    const company = await createTestCompany();
    const first = await installCertificate({ companyId: company.companyId, ...createTestCertificate({ cnpj: company.cnpj, legalName: "A" }) });
    const a = await loadSigningCredentials(company.companyId);
    expect(a).toMatchObject({ certificateId: first.id, holderCnpj: company.cnpj });
    expect(a.privateKeyPem).toMatch(/PRIVATE KEY/);
    expect(await loadSigningCredentials(company.companyId)).toBe(a);

    const second = await installCertificate({ companyId: company.companyId, ...createTestCertificate({ cnpj: company.cnpj, legalName: "B" }) });
    const b = await loadSigningCredentials(company.companyId);
    expect(b.certificateId).toBe(second.id);
    expect(b.certificatePem).not.toBe(a.certificatePem);
  });

  it("does not serve another company's certificate", async () => {
    const owner = await createTestCompany();
    await installCertificate({ companyId: owner.companyId, ...createTestCertificate({ cnpj: owner.cnpj, legalName: "Owner" }) });
    const other = await createTestCompany();
    expect(await codeOf(loadSigningCredentials(other.companyId))).toBe("422 certificate_missing");
  });
});
