import { describe, expect, it } from "vitest";
import { createTestCompany, db } from "@/test/factories";
import { createTestCertificate } from "./create-test-certificate";
import { installCertificate } from "./install-certificate";
import { MAX_QUEUED_PER_OWNER, openPkcs12InWorker } from "./pkcs12-worker-run";

// Issue 49, finding 7: RSA keys of any size were accepted (16,384 bits: 0.27 s per
// signature), and every tenant's uploads queued behind one another without a bound.

describe("certificate uploads' bounds", () => {
  it("refuses an RSA key above 4,096 bits with 422 certificate_invalid naming its size", async () => {
    const company = await createTestCompany();
    const big = createTestCertificate({ cnpj: company.cnpj, legalName: "Loja Teste", keyBits: 4160 });
    await expect(installCertificate({ companyId: company.companyId, ...big })).rejects.toMatchObject({ status: 422, code: "certificate_invalid", message: expect.stringContaining("4160 bits") });
    expect(await db.certificate.count({ where: { companyId: company.companyId } })).toBe(0);
  });

  it("opens one tenant's files one at a time, 4 in its line at most (then 429); another tenant's goes first", async () => {
    const { pfx, password } = createTestCertificate({ cnpj: "11222333000181", legalName: "Loja Teste" });
    const finished: string[] = [];
    const open = (owner: string, name: string) => openPkcs12InWorker(pfx, password, 10_000, owner).then((answer) => (finished.push(name), answer));
    const burst = Array.from({ length: MAX_QUEUED_PER_OWNER }, (_, i) => open("tenant:a", `a${i}`));
    await expect(open("tenant:a", "a-over")).rejects.toMatchObject({ status: 429, code: "rate_limited" });
    const other = open("tenant:b", "b");
    for (const answer of await Promise.all([...burst, other])) expect(answer.ok).toBe(true);
    // Tenant b's file took the second turn, not the fifth.
    expect(finished.indexOf("b")).toBeLessThan(2);
    expect(finished.filter((name) => name.startsWith("a"))).toEqual(["a0", "a1", "a2", "a3"]);
    expect((await open("tenant:a", "a-again")).ok).toBe(true);
  });
});
