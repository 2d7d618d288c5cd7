import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkedBlocks, runBlocks } from "./doc-blocks";

// docs/operations.md's operator session, run as written on a fresh embedded database
// (no DATABASE_URL, no server running): each command starts the server and stops it.
describe("docs/operations.md operator CLI session", () => {
  it("runs as written on the embedded default", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fiscal-docs-cli-"));
    try {
      const blocks = checkedBlocks("docs/operations.md", "cli");
      expect(blocks).toHaveLength(1);
      const run = runBlocks(blocks, { cwd: process.cwd(), env: { ...process.env, DATABASE_URL: undefined, DATA_DIR: dataDir }, timeoutMs: 170_000 });
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/id\s+name\s+companies\s+users\s+createdAt\n/);
      expect(run.stdout).toContain("Escritorio Contabil Exemplo");
      expect(run.stdout).toMatch(/id\s+tenantId\s+cnpj\s+legalName\s+state\s+environment\s+taxRegime\n[-\s]+\n\S+\s+\S+\s+\d{14}\s+Empresa Demonstracao Ltda\s+SP\s+HOMOLOGATION\s+SIMPLES_NACIONAL/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
