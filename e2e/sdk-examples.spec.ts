import { expect, test } from "@playwright/test";
import { createApiKey } from "@/lib/auth/api-keys";
import { SCOPES } from "@/lib/contracts/scopes";
import { createDemoCompany } from "@/lib/companies";
import { db } from "@/lib/db/client";
import { runReadmeExample } from "@/scripts/sdk/readme-examples";

test.afterAll(() => db.$disconnect());

// Each SDK's README example (sdk/typescript, sdk/python), run as written against the production
// server this run already serves, the simulator answering for the authority: create and emit with
// Prefer: wait, read, list through the pagination helper, an error object, a webhook signature check.
for (const language of ["typescript", "python"] as const) {
  test(`sdk/${language}/README.md example runs against the server`, async ({ baseURL }) => {
    test.setTimeout(120_000);
    const { company } = await createDemoCompany({});
    const { key } = await createApiKey({ companyId: company.id, name: `sdk ${language} example`, scopes: [...SCOPES] });
    const run = runReadmeExample(language, { baseUrl: baseURL!, apiKey: key });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/^created \S+ AUTHORIZED$/m);
    expect(run.stdout).toMatch(/^status AUTHORIZED \d{44}$/m);
    expect(run.stdout).toMatch(/^listed \d+$/m);
    expect(run.stdout).toContain("error 404");
    expect(run.stdout).toContain("webhook webhook.test");
    expect(run.stdout).toContain("tampered body refused");
  });
}
