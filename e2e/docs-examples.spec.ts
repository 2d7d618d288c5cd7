import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createAccountApiKey } from "@/lib/auth/account-api-keys";
import { createApiKey } from "@/lib/auth/api-keys";
import { ACCOUNT_SCOPES, SCOPES } from "@/lib/contracts/scopes";
import { createDemoCompany } from "@/lib/companies";
import { db } from "@/lib/db/client";
import { checkedBlocks, runBlocks } from "@/scripts/docs/doc-blocks";

test.afterAll(() => db.$disconnect());

// docs/api.md's shell examples, every one, run in order in one shell against the production
// server, as a newcomer pastes them after the first start (the demo company's KEY, an account
// key): onboarding a company by API with a test certificate the CLI writes, create and emit,
// poll, download, correct a draft, CC-e, delivery receipt and its removal, cancel,
// inutilization, e-mail, contingency, received documents, export, errors, pagination, webhook signature.
test("docs/api.md examples run as written, in order", async ({ baseURL }) => {
  test.setTimeout(240_000);
  const { company } = await createDemoCompany({});
  const { key } = await createApiKey({ companyId: company.id, name: "docs examples", scopes: [...SCOPES] });
  const account = await createAccountApiKey({ tenantId: company.tenantId, name: "docs examples", scopes: [...ACCOUNT_SCOPES] });
  const blocks = checkedBlocks("docs/api.md", "api");
  // Every shell block of the guide is checked: a block left untagged would go stale unnoticed.
  expect(blocks.length).toBe(readFileSync("docs/api.md", "utf8").split("```sh\n").length - 1);
  const workDir = mkdtempSync(path.join(tmpdir(), "fiscal-docs-api-"));
  try {
    const env = { ...process.env, BASE: baseURL!, KEY: key, ACCOUNT_KEY: account.key, APP_DIR: process.cwd() };
    const run = runBlocks(blocks, { cwd: workDir, env, timeoutMs: 220_000 });
    expect(run.stderr + run.stdout, "a docs/api.md example failed").not.toContain("curl: (");
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain("status AUTHORIZED");
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
});
