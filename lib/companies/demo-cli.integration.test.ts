import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parsePkcs12 } from "@/lib/certificates";
import { createTestCompany, db } from "@/test/factories";
import { assertEmissionPrerequisites, readinessChecklist } from "./emission-prerequisites";

const run = promisify(execFile);

// The real command line, as the README tells operators to run it.
async function cli(...args: string[]): Promise<any> {
  const { stdout } = await run(path.resolve("node_modules/.bin/tsx"), ["scripts/cli.ts", ...args, "--json"], {
    env: { ...process.env },
    timeout: 60_000,
  });
  return JSON.parse(stdout);
}

describe("npm run cli -- company create --demo", () => {
  it("creates a company that passes the NF-e, NFC-e and NFS-e prerequisites in HOMOLOGATION", async () => {
    const output = await cli("company", "create", "--demo", "--name", "Loja Demo CLI", "--regime", "NORMAL");
    expect(output).toMatchObject({ legalName: "Loja Demo CLI", environment: "HOMOLOGATION", state: "SP", taxRegime: "NORMAL", cscId: "000001", nfeSeries: 1, nfceSeries: 1 });
    expect(output.certificate).toMatchObject({ holderCnpj: output.cnpj, expired: false });
    expect(output.certificate).not.toHaveProperty("password");
    for (const type of ["NFE", "NFCE", "NFSE"] as const) {
      await expect(assertEmissionPrerequisites({ companyId: output.id, type })).resolves.toBeUndefined();
    }
    // NFS-e settings set too: IM, national service code, NBS and ISS rate (issue 14, item 1). The demo company is in
    // São Paulo, whose own NFS-e system (Nota Fiscal Paulistana, issue 57) takes the tax reform's RPS layout 2 from
    // 2026, which this NORMAL company can send (it has the NBS): the city's advice only.
    const nfse = (await readinessChecklist(output.id, db, new Date("2026-12-07T12:00:00Z"))).find((r) => r.type === "NFSE")!;
    expect(nfse.checks.find((c) => c.id === "nfse_service")).toMatchObject({ ok: true });
    expect(nfse.checks.find((c) => c.id === "nfse_provider")).toMatchObject({ blocking: false, ok: true, detail: { key: "nfsePaulistanaCity" } });
    expect(nfse.ready).toBe(true);
    expect(output).toMatchObject({ nfseServiceCode: "010101", nfseNbsCode: "115022000", nfseIssRate: "2", dpsSeries: 1 });
    const company = await db.company.findUniqueOrThrow({ where: { id: output.id } });
    expect(company.defaultIcmsCst).toBe("00");
    expect(company.cbsRate?.toString()).toBe("0.9");
    expect(company.stateRegistration).toMatch(/^\d{12}$/);
  }, 90_000);
});

describe("npm run cli -- certificate create-test", () => {
  it("installs a test A1 for the company's CNPJ and, with --out, writes the PFX and its password", async () => {
    const company = await createTestCompany();
    const out = path.join(mkdtempSync(path.join(tmpdir(), "cli-cert-")), "test.pfx");
    const output = await cli("certificate", "create-test", "--company", company.companyId, "--out", out);
    expect(output).toMatchObject({ holderCnpj: company.cnpj, expired: false, pfxFile: out });
    expect(parsePkcs12(readFileSync(out), output.password).holderCnpj).toBe(company.cnpj);
    const active = await db.certificate.findFirstOrThrow({ where: { companyId: company.companyId, isActive: true } });
    expect(active.id).toBe(output.id);
  }, 90_000);
});
