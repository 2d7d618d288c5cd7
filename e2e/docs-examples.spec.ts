import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createApiKey } from "@/lib/auth/api-keys";
import { SCOPES } from "@/lib/contracts/scopes";
import { createDemoCompany } from "@/lib/companies";
import { db } from "@/lib/db/client";
import { checkedBlocks, runBlocks } from "@/scripts/docs/doc-blocks";

test.afterAll(() => db.$disconnect());

// docs/api.md's shell examples, run in order against the production server with a
// demo company's key: create and emit, poll, download, CC-e, delivery receipt and its
// removal, cancel, inutilization, errors, pagination, webhook signature.
test("docs/api.md examples run as written", async ({ baseURL }) => {
  test.setTimeout(120_000);
  const { company } = await createDemoCompany({});
  const { key } = await createApiKey({ companyId: company.id, name: "docs examples", scopes: [...SCOPES] });
  const blocks = checkedBlocks("docs/api.md", "api");
  expect(blocks.length).toBeGreaterThanOrEqual(8);
  const workDir = mkdtempSync(path.join(tmpdir(), "fiscal-docs-api-"));
  try {
    const run = runBlocks(blocks, { cwd: workDir, env: { ...process.env, BASE: baseURL!, KEY: key }, timeoutMs: 100_000 });
    expect(run.stderr + run.stdout, "a docs/api.md example failed").not.toContain("curl: (");
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain("status AUTHORIZED");
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
});
